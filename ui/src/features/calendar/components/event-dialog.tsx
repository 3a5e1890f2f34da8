import { Box, Button, CloseButton, Dialog, Field, HStack, Input, Portal, SimpleGrid, Stack, Switch, Text, Textarea } from '@chakra-ui/react'
import { useAtom } from 'jotai'
import { useState } from 'react'

import { FORM_DIALOG_CONTENT, FORM_DIALOG_FORM } from '@/lib/dialog'
import { errorMessage } from '@/data/client'

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
  const [form, setForm] = useState<EventForm>(initial)
  const [submitted, setSubmitted] = useState(false)
  const [saving, setSaving] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const errors = validateEvent(form)
  const set = <K extends keyof EventForm>(key: K, value: EventForm[K]) => setForm((f) => ({ ...f, [key]: value }))

  async function submit() {
    setSubmitted(true)
    if (Object.keys(errors).length) return
    setSaving(true)
    setFailure(null)
    try {
      const body = eventFromForm(form)
      await onSave(event ? { ...body, id: event.id } : body)
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
        <Dialog.Title>{event ? 'Edit event' : 'New event'}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="4">
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
          {failure && (
            <Text color="fg.error" fontSize="sm">
              {failure}
            </Text>
          )}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer justifyContent="space-between">
        <Box>
          {event && (
            <Button variant="ghost" colorPalette="red" size="sm" onClick={() => void onRemove(event).then((gone) => gone && onClose())} data-testid="event-form-delete">
              Delete
            </Button>
          )}
        </Box>
        <HStack>
          <Button variant="outline" size="sm" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" colorPalette="brand" size="sm" loading={saving} data-testid="event-form-save">
            {event ? 'Save' : 'Add'}
          </Button>
        </HStack>
      </Dialog.Footer>
    </form>
  )
}

export function EventDialog({ onSave, onRemove }: { onSave: (e: NewEvent | CalendarEvent) => Promise<void>; onRemove: (e: CalendarEvent) => Promise<boolean> }) {
  const [dialog, setDialog] = useAtom(eventDialogAtom)
  const event = dialog?.mode === 'edit' ? dialog.event : null
  const initial = dialog ? (dialog.mode === 'edit' ? formFromEvent(dialog.event) : dialog.form) : null
  return (
    <Dialog.Root open={Boolean(dialog)} onOpenChange={(d) => !d.open && setDialog(null)} placement="center" scrollBehavior="inside" size="md">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="event-dialog" {...FORM_DIALOG_CONTENT}>
            {initial && <EventFormBody key={event?.id ?? `new-${initial.start}`} initial={initial} event={event} onSave={onSave} onRemove={onRemove} onClose={() => setDialog(null)} />}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
