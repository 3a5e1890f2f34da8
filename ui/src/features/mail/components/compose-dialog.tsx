import { Alert, Button, Dialog, Field, Flex, HStack, Input, Stack, Text, Textarea } from '@chakra-ui/react'
import { useAtom } from 'jotai'
import { useState } from 'react'

import { DialogFrame } from '@/components/form-dialog'
import { ApiError, errorMessage } from '@/data/client'
import { showMessage } from '@/lib/snackbar'

import { sendMail, type Mail } from '../api'
import { composeOpenAtom } from '../atoms'
import { outgoingMail, validateCompose, type ComposeFields } from '../mail-utils'

const EMPTY: ComposeFields = { to: '', cc: '', bcc: '', subject: '', message: '' }

/**
 * The compose dialog: checks what was written, then sends it (POST /api/mail-app/send). The
 * sender's copy goes to Sent; recipients who are portal users get it in their inbox; addresses
 * outside the portal are kept on the sender's copy only, which the dialog says before sending.
 */
function ComposeForm({ onClose, onSent }: { onClose: () => void; onSent: (mail: Mail) => void }) {
  const [fields, setFields] = useState<ComposeFields>(EMPTY)
  const [touched, setTouched] = useState<Partial<Record<keyof ComposeFields, boolean>>>({})
  const [showCopies, setShowCopies] = useState(false)
  const [sending, setSending] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const [serverErrors, setServerErrors] = useState<Partial<Record<keyof ComposeFields, string>>>({})
  const errors = { ...serverErrors, ...validateCompose(fields) }
  const valid = Object.values(errors).every((message) => !message)
  const shown = (name: keyof ComposeFields) => (touched[name] ? errors[name] : undefined)
  const bind = (name: keyof ComposeFields) => ({
    value: fields[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      setFields((f) => ({ ...f, [name]: e.target.value }))
      setServerErrors((all) => ({ ...all, [name]: undefined }))
    },
    onBlur: () => setTouched((t) => ({ ...t, [name]: true })),
    'data-testid': `compose-${name}`,
  })

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        setTouched({ to: true, cc: true, bcc: true, subject: true, message: true })
        if (!valid || sending) return
        setSending(true)
        setFailure(null)
        sendMail(outgoingMail(fields)).then(
          (mail) => {
            setSending(false)
            showMessage('Message sent.', 'success')
            onSent(mail)
          },
          (err: unknown) => {
            setSending(false)
            if (err instanceof ApiError && err.errors) setServerErrors(err.errors as Partial<Record<keyof ComposeFields, string>>)
            setFailure(errorMessage(err))
          },
        )
      }}
    >
      <Dialog.Header>
        <Dialog.Title>New message</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="3">
          <Field.Root required invalid={Boolean(shown('to'))}>
            <Flex w="full" justify="space-between" align="center">
              <Field.Label>To</Field.Label>
              {!showCopies && (
                <Button size="2xs" variant="plain" color="brand.fg" onClick={() => setShowCopies(true)} data-testid="compose-show-copies">
                  Cc / Bcc
                </Button>
              )}
            </Flex>
            <Input type="email" multiple placeholder="name@example.com, another@example.com" autoFocus {...bind('to')} />
            <Field.ErrorText>{shown('to')}</Field.ErrorText>
          </Field.Root>
          {showCopies && (
            <>
              <Field.Root invalid={Boolean(shown('cc'))}>
                <Field.Label>Cc</Field.Label>
                <Input type="email" multiple {...bind('cc')} />
                <Field.ErrorText>{shown('cc')}</Field.ErrorText>
              </Field.Root>
              <Field.Root invalid={Boolean(shown('bcc'))}>
                <Field.Label>Bcc</Field.Label>
                <Input type="email" multiple {...bind('bcc')} />
                <Field.ErrorText>{shown('bcc')}</Field.ErrorText>
              </Field.Root>
            </>
          )}
          <Field.Root required invalid={Boolean(shown('subject'))}>
            <Field.Label>Subject</Field.Label>
            <Input {...bind('subject')} />
            <Field.ErrorText>{shown('subject')}</Field.ErrorText>
          </Field.Root>
          <Field.Root required invalid={Boolean(shown('message'))}>
            <Field.Label>Message</Field.Label>
            <Textarea rows={8} resize="vertical" {...bind('message')} />
            <Field.ErrorText>{shown('message')}</Field.ErrorText>
          </Field.Root>
          {failure && (
            <Alert.Root status="error" borderRadius="md" size="sm" data-testid="compose-error">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>The message was not sent</Alert.Title>
                <Alert.Description>{failure}</Alert.Description>
              </Alert.Content>
            </Alert.Root>
          )}
          <Text fontSize="xs" color="fg.muted" data-testid="compose-note">
            Staff of this portal get the message in their inbox; other addresses are kept on your copy in Sent only.
          </Text>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <HStack>
          <Button variant="outline" size="sm" onClick={onClose} data-testid="compose-discard">
            Discard
          </Button>
          <Button type="submit" colorPalette="brand" size="sm" loading={sending} loadingText="Sending…" data-testid="compose-send">
            Send
          </Button>
        </HStack>
      </Dialog.Footer>
    </form>
  )
}

export function ComposeDialog({ onSent }: { onSent?: (mail: Mail) => void }) {
  const [open, setOpen] = useAtom(composeOpenAtom)
  return (
    <DialogFrame testId="compose-dialog" open={open} onOpenChange={(d) => setOpen(d.open)} size={{ base: 'full', md: 'lg' }}>
      {open && (
        <ComposeForm
          onClose={() => setOpen(false)}
          onSent={(mail) => {
            setOpen(false)
            onSent?.(mail)
          }}
        />
      )}
    </DialogFrame>
  )
}
