import { IconButton, Menu, Portal } from '@chakra-ui/react'
import type { ReactNode } from 'react'

/** An icon button that opens a menu of one titled group (move to folder, labels...). */
export function IconMenu({
  icon,
  label,
  title,
  testId,
  disabled,
  groupLabel,
  closeOnSelect,
  children,
}: {
  icon: ReactNode
  label: string
  title?: string
  testId: string
  disabled?: boolean
  groupLabel: string
  closeOnSelect?: boolean
  children: ReactNode
}) {
  return (
    <Menu.Root closeOnSelect={closeOnSelect}>
      <Menu.Trigger asChild>
        <IconButton size="sm" variant="ghost" aria-label={label} title={title} disabled={disabled} data-testid={testId}>
          {icon}
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            <Menu.ItemGroup>
              <Menu.ItemGroupLabel>{groupLabel}</Menu.ItemGroupLabel>
              {children}
            </Menu.ItemGroup>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  )
}
