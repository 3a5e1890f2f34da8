import { Button, Menu, Portal } from '@chakra-ui/react'
import type { ReactNode } from 'react'

import { PersonAvatar } from '@/components/person-avatar'

export function MemberAvatar({ name, src, size = 'xs' }: { name: string; src?: string; size?: '2xs' | 'xs' | 'sm' }) {
  return <PersonAvatar name={name} src={src} size={size} colorPalette="brand" title={name} />
}

/** A button whose menu ticks items on and off (a card's labels, its members); answers the chosen ids. */
export function CheckMenu<T extends { id: string; name: string }>({
  label,
  icon,
  testId,
  items,
  chosen,
  onChange,
  itemTestId,
  marker,
  emptyTitle,
}: {
  label: string
  icon: ReactNode
  testId: string
  items: T[]
  chosen: string[]
  onChange: (chosen: string[]) => void
  itemTestId: (id: string) => string
  marker: (item: T) => ReactNode
  /** Shown as the button's title, and the button disabled, when there is nothing to choose. */
  emptyTitle?: string
}) {
  const empty = emptyTitle !== undefined && items.length === 0
  return (
    <Menu.Root closeOnSelect={false}>
      <Menu.Trigger asChild>
        <Button size="xs" variant="outline" disabled={empty} title={empty ? emptyTitle : undefined} data-testid={testId}>
          {icon} {label}
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content zIndex="popover">
            {items.map((item) => (
              <Menu.CheckboxItem
                key={item.id}
                value={item.id}
                checked={chosen.includes(item.id)}
                onCheckedChange={(on) => onChange(on ? [...chosen, item.id] : chosen.filter((x) => x !== item.id))}
                data-testid={itemTestId(item.id)}
              >
                {marker(item)}
                {item.name}
                <Menu.ItemIndicator />
              </Menu.CheckboxItem>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  )
}
