import { Button, HStack, Input, Popover, Portal, Stack, Text, type PopoverRootProps } from '@chakra-ui/react'
import { useState, type ReactNode } from 'react'

import { fromLocalInput, toLocalInput } from '@/lib/local-input'

/** A button that opens a date-and-time field with Save (and Remove when a value is set): a reminder, a due date. */
export function DateTimePopover({
  trigger,
  value,
  onChange,
  title,
  saveLabel,
  testIdPrefix,
  positioning,
}: {
  trigger: ReactNode
  value: string | null
  onChange: (iso: string | null) => void
  title?: string
  saveLabel: string
  /** test ids: `<prefix>-input`, `<prefix>-save`, `<prefix>-remove` */
  testIdPrefix: string
  positioning?: PopoverRootProps['positioning']
}) {
  const [open, setOpen] = useState(false)
  const [draft, setDraft] = useState(() => toLocalInput(value))
  const set = (iso: string | null) => {
    onChange(iso)
    setOpen(false)
  }
  return (
    <Popover.Root
      open={open}
      onOpenChange={(d) => {
        setOpen(d.open)
        if (d.open) setDraft(toLocalInput(value))
      }}
      positioning={positioning}
    >
      <Popover.Trigger asChild>{trigger}</Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content w="72">
            <Popover.Body>
              <Stack gap="3">
                {title && (
                  <Text fontWeight="semibold" fontSize="sm">
                    {title}
                  </Text>
                )}
                <Input type="datetime-local" size="sm" value={draft} onChange={(e) => setDraft(e.target.value)} data-testid={`${testIdPrefix}-input`} />
                <HStack justify="flex-end">
                  {value && (
                    <Button size="xs" variant="ghost" onClick={() => set(null)} data-testid={`${testIdPrefix}-remove`}>
                      Remove
                    </Button>
                  )}
                  <Button size="xs" colorPalette="brand" disabled={!fromLocalInput(draft)} onClick={() => set(fromLocalInput(draft))} data-testid={`${testIdPrefix}-save`}>
                    {saveLabel}
                  </Button>
                </HStack>
              </Stack>
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  )
}
