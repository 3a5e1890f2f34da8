import { Field, Input, SimpleGrid, Switch, Textarea } from '@chakra-ui/react'
import { useAtom } from 'jotai'

import { DialogFrame, FormDialogForm } from '@/components/form-dialog'
import { useFormDraft } from '@/hooks/use-form-draft'
import { FORM_DIALOG_CONTENT, FORM_DIALOG_FORM } from '@/lib/dialog'

import type { CalendarEvent, NewEvent } from '../api'
import { eventDialogAtom } from '../atoms'
import { eventFromForm, formFromEvent, toggleAllDay, validateEvent, type EventForm } from '../calendar-utils'

function EventFormBody({
  initial,
  event,
  onSave,
  onRemove,
  onClose,
}: {
  initial: EventForm
  event: CalendarEvent | null
  onSave: (e: NewEvent | CalendarEvent) => Promise<void>
  onRemove: (e: CalendarEvent) => Promise<boolean>
  onClose: () => void
}) {
  const { form, setForm, set, errors, submitted, saving, failure, submit: save } = useFormDraft(initial, validateEvent)

  const submit = () =>
    save(async () => {
      const body = eventFromForm(form)
      await onSave(event ? { ...body, id: event.id } : body)
      onClose()
    })

  return (
    <FormDialogForm
      title={event ? 'Edit event' : 'New event'}
      style={FORM_DIALOG_FORM}
      onSubmit={() => void submit()}
      onCancel={onClose}
      saving={saving}
      failure={failure}
      submitLabel={event ? 'Save' : 'Add'}
      submitTestId="event-form-save"
      onRemove={event ? () => void onRemove(event).then((gone) => gone && onClose()) : undefined}
      removeTestId="event-form-delete"
    >
      <Field.Root required invalid={submitted && Boolean(errors.title)}>
        <Field.Label>Title</Field.Label>
        <Input value={form.title} onChange={(e) => set('title', e.target.value)} autoFocus data-testid="event-form-title" />
        <Field.ErrorText>{errors.title}</Field.ErrorText>
      </Field.Root>
      <Switch.Root checked={form.allDay} onCheckedChange={() => setForm(toggleAllDay(form))}>
        <Switch.HiddenInput data-testid="event-form-all-day" />
        <Switch.Control />
        <Switch.Label>All day</Switch.Label>
      </Switch.Root>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <Field.Root invalid={submitted && Boolean(errors.start)}>
          <Field.Label>Start</Field.Label>
          <Input type={form.allDay ? 'date' : 'datetime-local'} value={form.start} onChange={(e) => set('start', e.target.value)} data-testid="event-form-start" />
          <Field.ErrorText>{errors.start}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={submitted && Boolean(errors.end)}>
          <Field.Label>{form.allDay ? 'Last day' : 'End'}</Field.Label>
          <Input type={form.allDay ? 'date' : 'datetime-local'} value={form.end} onChange={(e) => set('end', e.target.value)} data-testid="event-form-end" />
          <Field.ErrorText>{errors.end}</Field.ErrorText>
        </Field.Root>
      </SimpleGrid>
      <Field.Root>
        <Field.Label>Description</Field.Label>
        <Textarea rows={3} value={form.desc} onChange={(e) => set('desc', e.target.value)} data-testid="event-form-desc" />
      </Field.Root>
    </FormDialogForm>
  )
}

export function EventDialog({ onSave, onRemove }: { onSave: (e: NewEvent | CalendarEvent) => Promise<void>; onRemove: (e: CalendarEvent) => Promise<boolean> }) {
  const [dialog, setDialog] = useAtom(eventDialogAtom)
  const event = dialog?.mode === 'edit' ? dialog.event : null
  const initial = dialog ? (dialog.mode === 'edit' ? formFromEvent(dialog.event) : dialog.form) : null
  return (
    <DialogFrame testId="event-dialog" open={Boolean(dialog)} onOpenChange={(d) => !d.open && setDialog(null)} scrollBehavior="inside" size="md" contentProps={FORM_DIALOG_CONTENT}>
      {initial && <EventFormBody key={event?.id ?? `new-${initial.start}`} initial={initial} event={event} onSave={onSave} onRemove={onRemove} onClose={() => setDialog(null)} />}
    </DialogFrame>
  )
}
