import { Box, Button, CloseButton, Dialog, Field, HStack, Input, Portal, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react'
import { useAtom } from 'jotai'
import { useRef, useState } from 'react'

import { errorMessage } from '@/data/client'
import { FORM_DIALOG_CONTENT, FORM_DIALOG_FORM } from '@/lib/dialog'
import { showMessage } from '@/lib/snackbar'

import type { Contact, NewContact } from '../api'
import { contactDialogAtom } from '../atoms'
import { blankContact, cleanContact, fullName, mediaUrl, photoToDataUrl, validateContact } from '../contacts-utils'

import { ContactAvatar } from './contact-avatar'

type FieldName = Exclude<keyof NewContact, 'avatar' | 'birthday' | 'notes'>

const FIELDS: { name: FieldName; label: string; type?: string; required?: boolean }[] = [
  { name: 'name', label: 'First name', required: true },
  { name: 'lastName', label: 'Last name' },
  { name: 'nickname', label: 'Nickname' },
  { name: 'company', label: 'Company' },
  { name: 'jobTitle', label: 'Job title' },
  { name: 'email', label: 'Email', type: 'email' },
  { name: 'phone', label: 'Phone number', type: 'tel' },
  { name: 'address', label: 'Address' },
]

function ContactForm({
  contact,
  onSave,
  onRemove,
  onClose,
}: {
  contact: Contact | null
  onSave: (c: NewContact | Contact) => Promise<void>
  onRemove: (c: Contact) => Promise<boolean>
  onClose: () => void
}) {
  const [form, setForm] = useState<NewContact | Contact>(() => contact ?? blankContact())
  const [submitted, setSubmitted] = useState(false)
  const [saving, setSaving] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const file = useRef<HTMLInputElement>(null)
  const errors = validateContact(form)
  const set = (key: keyof NewContact, value: string | null) => setForm((f) => ({ ...f, [key]: value }))
  const name = fullName(form) || 'New contact'

  async function submit() {
    setSubmitted(true)
    if (Object.keys(errors).length) return
    setSaving(true)
    setFailure(null)
    try {
      await onSave(cleanContact(form))
      onClose()
    } catch (e) {
      setFailure(errorMessage(e))
    } finally {
      setSaving(false)
    }
  }

  return (
    <form
      noValidate
      style={FORM_DIALOG_FORM}
      onSubmit={(e) => {
        e.preventDefault()
        void submit()
      }}
    >
      <Dialog.Header>
        <Dialog.Title>{contact ? 'Edit contact' : 'New contact'}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="4">
          <HStack gap="4">
            <ContactAvatar name={name} src={form.avatar} size="2xl" />
            <Stack gap="1">
              <Text fontWeight="semibold">{name}</Text>
              <HStack gap="2">
                <Button size="xs" variant="outline" onClick={() => file.current?.click()} data-testid="contact-form-photo">
                  {mediaUrl(form.avatar) ? 'Change photo' : 'Add photo'}
                </Button>
                {mediaUrl(form.avatar) && (
                  <Button size="xs" variant="ghost" onClick={() => set('avatar', '')}>
                    Remove photo
                  </Button>
                )}
              </HStack>
              <input
                ref={file}
                type="file"
                accept="image/*"
                hidden
                onChange={(e) => {
                  const picked = e.target.files?.[0]
                  e.target.value = ''
                  if (picked) photoToDataUrl(picked).then((url) => set('avatar', url), (err: unknown) => showMessage(errorMessage(err), 'error'))
                }}
              />
            </Stack>
          </HStack>
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            {FIELDS.map((f) => (
              <Field.Root key={f.name} required={f.required} invalid={submitted && Boolean(errors[f.name])} gridColumn={f.name === 'address' ? { sm: 'span 2' } : undefined}>
                <Field.Label>{f.label}</Field.Label>
                <Input type={f.type ?? 'text'} value={form[f.name]} onChange={(e) => set(f.name, e.target.value)} autoFocus={f.name === 'name'} data-testid={`contact-form-${f.name}`} />
                <Field.ErrorText>{errors[f.name]}</Field.ErrorText>
              </Field.Root>
            ))}
            <Field.Root invalid={submitted && Boolean(errors.birthday)}>
              <Field.Label>Birthday</Field.Label>
              <Input type="date" value={form.birthday ?? ''} onChange={(e) => set('birthday', e.target.value || null)} data-testid="contact-form-birthday" />
              <Field.ErrorText>{errors.birthday}</Field.ErrorText>
            </Field.Root>
          </SimpleGrid>
          <Field.Root>
            <Field.Label>Notes</Field.Label>
            <Textarea rows={3} value={form.notes} onChange={(e) => set('notes', e.target.value)} data-testid="contact-form-notes" />
          </Field.Root>
          {failure && (
            <Text color="fg.error" fontSize="sm">
              {failure}
            </Text>
          )}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer justifyContent="space-between">
        <Box>
          {contact && (
            <Button variant="ghost" colorPalette="red" size="sm" onClick={() => void onRemove(contact).then((gone) => gone && onClose())} data-testid="contact-form-delete">
              Delete
            </Button>
          )}
        </Box>
        <HStack>
          <Button variant="outline" size="sm" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" colorPalette="brand" size="sm" loading={saving} data-testid="contact-form-save">
            {contact ? 'Save' : 'Add'}
          </Button>
        </HStack>
      </Dialog.Footer>
    </form>
  )
}

export function ContactDialog({ onSave, onRemove }: { onSave: (c: NewContact | Contact) => Promise<void>; onRemove: (c: Contact) => Promise<boolean> }) {
  const [dialog, setDialog] = useAtom(contactDialogAtom)
  const contact = dialog?.mode === 'edit' ? dialog.contact : null
  return (
    <Dialog.Root open={Boolean(dialog)} onOpenChange={(d) => !d.open && setDialog(null)} placement="center" size="lg" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="contact-dialog" {...FORM_DIALOG_CONTENT}>
            {dialog && <ContactForm key={contact?.id ?? 'new'} contact={contact} onSave={onSave} onRemove={onRemove} onClose={() => setDialog(null)} />}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
