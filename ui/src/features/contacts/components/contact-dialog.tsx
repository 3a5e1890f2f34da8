import { Button, Field, HStack, Input, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react'
import { useAtom } from 'jotai'
import { useRef, useState } from 'react'

import { DialogFrame, FormDialogForm } from '@/components/form-dialog'
import { errorMessage } from '@/data/client'
import { useFormSubmit } from '@/hooks/use-form-submit'
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
  const submission = useFormSubmit()
  const { submitted } = submission
  const file = useRef<HTMLInputElement>(null)
  const errors = validateContact(form)
  const set = (key: keyof NewContact, value: string | null) => setForm((f) => ({ ...f, [key]: value }))
  const name = fullName(form) || 'New contact'

  const submit = () =>
    submission.submit(Object.keys(errors).length === 0, async () => {
      await onSave(cleanContact(form))
      onClose()
    })

  return (
    <FormDialogForm
      title={contact ? 'Edit contact' : 'New contact'}
      style={FORM_DIALOG_FORM}
      onSubmit={() => void submit()}
      onCancel={onClose}
      saving={submission.saving}
      failure={submission.failure}
      submitLabel={contact ? 'Save' : 'Add'}
      submitTestId="contact-form-save"
      onRemove={contact ? () => void onRemove(contact).then((gone) => gone && onClose()) : undefined}
      removeTestId="contact-form-delete"
    >
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
    </FormDialogForm>
  )
}

export function ContactDialog({ onSave, onRemove }: { onSave: (c: NewContact | Contact) => Promise<void>; onRemove: (c: Contact) => Promise<boolean> }) {
  const [dialog, setDialog] = useAtom(contactDialogAtom)
  const contact = dialog?.mode === 'edit' ? dialog.contact : null
  return (
    <DialogFrame testId="contact-dialog" open={Boolean(dialog)} onOpenChange={(d) => !d.open && setDialog(null)} size="lg" scrollBehavior="inside" contentProps={FORM_DIALOG_CONTENT}>
      {dialog && <ContactForm key={contact?.id ?? 'new'} contact={contact} onSave={onSave} onRemove={onRemove} onClose={() => setDialog(null)} />}
    </DialogFrame>
  )
}
