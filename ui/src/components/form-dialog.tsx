import { Box, Button, CloseButton, Dialog, HStack, Portal, Stack, Text, type DialogContentProps, type DialogRootProps } from '@chakra-ui/react'
import type { CSSProperties, ReactNode } from 'react'

/** The close button in a dialog's corner. */
export function DialogClose() {
  return (
    <Dialog.CloseTrigger asChild>
      <CloseButton size="sm" aria-label="Close" />
    </Dialog.CloseTrigger>
  )
}

/**
 * A dialog's frame: backdrop, centred content with its test id, an optional title, and the close
 * button in the corner (after the title when there is one; `closable={false}` leaves it out).
 */
export function DialogFrame({
  testId,
  title,
  closable = true,
  contentProps,
  children,
  placement = 'center',
  ...root
}: { testId: string; title?: ReactNode; closable?: boolean; contentProps?: DialogContentProps; children: ReactNode } & Omit<DialogRootProps, 'children'>) {
  const close = closable ? <DialogClose /> : null
  return (
    <Dialog.Root placement={placement} {...root}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={testId} {...contentProps}>
            {title !== undefined && (
              <Dialog.Header>
                <Dialog.Title>{title}</Dialog.Title>
              </Dialog.Header>
            )}
            {title !== undefined && close}
            {children}
            {title === undefined && close}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}

/**
 * A dialog's form: title, fields, the error line, and a footer with Delete (optional, at the start),
 * Cancel and the submit button (busy while saving).
 */
export function FormDialogForm({
  title,
  onSubmit,
  onCancel,
  saving,
  failure,
  failureTestId,
  submitLabel,
  submitTestId,
  busyText,
  cancelLabel = 'Cancel',
  cancelTestId,
  onRemove,
  removeTestId,
  style,
  children,
}: {
  title: ReactNode
  onSubmit: () => void
  onCancel: () => void
  saving: boolean
  /** the error line under the fields (a string), or what to show there */
  failure?: ReactNode
  failureTestId?: string
  submitLabel: ReactNode
  submitTestId: string
  busyText?: string
  cancelLabel?: string
  cancelTestId?: string
  onRemove?: () => void
  removeTestId?: string
  style?: CSSProperties
  children: ReactNode
}) {
  return (
    <form
      noValidate
      style={style}
      onSubmit={(e) => {
        e.preventDefault()
        onSubmit()
      }}
    >
      <Dialog.Header>
        <Dialog.Title>{title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="4">
          {children}
          {typeof failure !== 'string' ? (
            failure
          ) : failure ? (
            <Text color="fg.error" fontSize="sm" data-testid={failureTestId}>
              {failure}
            </Text>
          ) : null}
        </Stack>
      </Dialog.Body>
      <DialogActions
        start={
          onRemove ? (
            <Button variant="ghost" colorPalette="red" size="sm" onClick={onRemove} data-testid={removeTestId}>
              Delete
            </Button>
          ) : null
        }
        size="sm"
        onCancel={onCancel}
        cancelLabel={cancelLabel}
        cancelTestId={cancelTestId}
        submitLabel={submitLabel}
        submitTestId={submitTestId}
        busy={saving}
        busyText={busyText}
      />
    </form>
  )
}

/**
 * A dialog's footer: Cancel and the primary button (busy while it works; a submit button of the
 * dialog's form when it has no `onSubmit`), and when given a `start` element at the other end.
 */
export function DialogActions({
  onCancel,
  cancelLabel = 'Cancel',
  cancelTestId,
  onSubmit,
  submitLabel,
  submitTestId,
  busy,
  busyText,
  disabled,
  size,
  start,
}: {
  onCancel: () => void
  cancelLabel?: ReactNode
  cancelTestId?: string
  onSubmit?: () => void
  submitLabel: ReactNode
  submitTestId?: string
  busy?: boolean
  busyText?: string
  disabled?: boolean
  size?: 'sm'
  start?: ReactNode
}) {
  const buttons = (
    <>
      <Button variant="outline" size={size} onClick={onCancel} data-testid={cancelTestId}>
        {cancelLabel}
      </Button>
      <Button type={onSubmit ? 'button' : 'submit'} colorPalette="brand" size={size} loading={busy} loadingText={busyText} disabled={disabled} onClick={onSubmit} data-testid={submitTestId}>
        {submitLabel}
      </Button>
    </>
  )
  return start === undefined ? (
    <Dialog.Footer>{buttons}</Dialog.Footer>
  ) : (
    <Dialog.Footer justifyContent="space-between">
      <Box>{start}</Box>
      <HStack>{buttons}</HStack>
    </Dialog.Footer>
  )
}
