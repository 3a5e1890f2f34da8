import { Alert, Box, Button, CloseButton, Dialog, Field, Flex, HStack, Input, Portal, Stack, Text, Textarea } from '@chakra-ui/react'
import { useAtom } from 'jotai'
import { useRef, useState } from 'react'

import { formatBytes } from '@/lib/format'

import { composeOpenAtom } from '../atoms'
import { ClipIcon, CloseIcon } from '../icons'
import { validateCompose, type ComposeFields } from '../mail-utils'

const EMPTY: ComposeFields = { to: '', cc: '', bcc: '', subject: '', message: '' }

/**
 * The compose dialog. The mail API (app/samples/mail.py) has no call that stores a new mail —
 * update-mail only replaces an existing one — so the dialog checks what was written and says
 * plainly that sending is not available, instead of pretending to send.
 */
function ComposeForm({ onClose }: { onClose: () => void }) {
  const [fields, setFields] = useState<ComposeFields>(EMPTY)
  const [touched, setTouched] = useState<Partial<Record<keyof ComposeFields, boolean>>>({})
  const [showCopies, setShowCopies] = useState(false)
  const [files, setFiles] = useState<File[]>([])
  const fileInput = useRef<HTMLInputElement>(null)
  const errors = validateCompose(fields)
  const valid = Object.keys(errors).length === 0
  const shown = (name: keyof ComposeFields) => (touched[name] ? errors[name] : undefined)
  const bind = (name: keyof ComposeFields) => ({
    value: fields[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setFields((f) => ({ ...f, [name]: e.target.value })),
    onBlur: () => setTouched((t) => ({ ...t, [name]: true })),
    'data-testid': `compose-${name}`,
  })

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        setTouched({ to: true, cc: true, bcc: true, subject: true, message: true })
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
          {files.length > 0 && (
            <Stack gap="1" data-testid="compose-files">
              {files.map((file, i) => (
                <HStack key={`${file.name}-${i}`} gap="2" px="3" py="1.5" borderRadius="md" bg="bg.muted" fontSize="sm">
                  <ClipIcon boxSize="3.5" color="fg.muted" />
                  <Text flex="1" truncate>
                    {file.name}
                  </Text>
                  <Text color="fg.muted" fontSize="xs">
                    {formatBytes(file.size)}
                  </Text>
                  <CloseButton size="2xs" aria-label={`Remove ${file.name}`} onClick={() => setFiles((all) => all.filter((_, j) => j !== i))}>
                    <CloseIcon />
                  </CloseButton>
                </HStack>
              ))}
            </Stack>
          )}
          <Alert.Root status="info" borderRadius="md" size="sm" data-testid="compose-unavailable">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>Sending is not available in this demo</Alert.Title>
              <Alert.Description>
                The mail service here files, labels and deletes existing mails; it has no call that sends or stores a new
                one, so the Send button stays off. {valid ? 'Your message is complete.' : ''}
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer justifyContent="space-between">
        <Box>
          <input
            ref={fileInput}
            type="file"
            multiple
            hidden
            onChange={(e) => {
              const chosen = Array.from(e.target.files ?? [])
              setFiles((all) => [...all, ...chosen])
              e.target.value = ''
            }}
            data-testid="compose-file-input"
          />
          <Button variant="ghost" size="sm" onClick={() => fileInput.current?.click()} data-testid="compose-attach">
            <ClipIcon /> Attach
          </Button>
        </Box>
        <HStack>
          <Button variant="outline" size="sm" onClick={onClose} data-testid="compose-discard">
            Discard
          </Button>
          <Button type="submit" colorPalette="brand" size="sm" disabled title="Sending is not available in this demo" data-testid="compose-send">
            Send
          </Button>
        </HStack>
      </Dialog.Footer>
    </form>
  )
}

export function ComposeDialog() {
  const [open, setOpen] = useAtom(composeOpenAtom)
  return (
    <Dialog.Root open={open} onOpenChange={(d) => setOpen(d.open)} size={{ base: 'full', md: 'lg' }} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="compose-dialog">
            {open && <ComposeForm onClose={() => setOpen(false)} />}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
