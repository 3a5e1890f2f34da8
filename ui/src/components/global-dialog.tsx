import { Button, Dialog, Field, Input, Portal, Text } from '@chakra-ui/react'
import { useAtomValue } from 'jotai'
import { useState } from 'react'

import { dialogAtom, type DialogState } from '@/lib/dialog'

function DialogBody({ dialog }: { dialog: DialogState }) {
  const [value, setValue] = useState(dialog.input?.initial ?? '')
  const blocked = Boolean(dialog.input?.required) && value.trim() === ''
  const answer = (confirmed: boolean) => dialog.resolve({ confirmed, value: value.trim() })
  return (
    <Dialog.Content data-testid="global-dialog">
      <form
        onSubmit={(event) => {
          event.preventDefault()
          if (!blocked) answer(true)
        }}
      >
        <Dialog.Header>
          <Dialog.Title>{dialog.title}</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>
          {typeof dialog.body === 'string' ? <Text color="fg.muted">{dialog.body}</Text> : dialog.body}
          {dialog.input && (
            <Field.Root required={dialog.input.required} mt={dialog.body ? '4' : '0'}>
              <Field.Label>{dialog.input.label}</Field.Label>
              <Input
                autoFocus
                value={value}
                placeholder={dialog.input.placeholder}
                onChange={(e) => setValue(e.target.value)}
                data-testid="global-dialog-input"
              />
            </Field.Root>
          )}
        </Dialog.Body>
        <Dialog.Footer>
          <Button variant="outline" onClick={() => answer(false)} data-testid="global-dialog-cancel">
            {dialog.cancelLabel ?? 'Cancel'}
          </Button>
          <Button
            type="submit"
            colorPalette={dialog.tone === 'danger' ? 'red' : 'brand'}
            disabled={blocked}
            data-testid="global-dialog-confirm"
          >
            {dialog.confirmLabel ?? 'OK'}
          </Button>
        </Dialog.Footer>
      </form>
    </Dialog.Content>
  )
}

/** Renders the dialog pages ask for through `useDialog` (lib/dialog.ts). */
export function GlobalDialog() {
  const dialog = useAtomValue(dialogAtom)
  return (
    <Dialog.Root
      open={Boolean(dialog?.open)}
      onOpenChange={(details) => {
        if (!details.open) dialog?.resolve({ confirmed: false, value: '' })
      }}
      role={dialog?.tone === 'danger' ? 'alertdialog' : 'dialog'}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>{dialog && <DialogBody key={dialog.title} dialog={dialog} />}</Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
