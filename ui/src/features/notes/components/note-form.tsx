import { Badge, Box, Button, CloseButton, Flex, HStack, IconButton, Input, Menu, Stack, Text, Textarea } from '@chakra-ui/react'
import { useRef, useState, type ReactNode } from 'react'

import { DateTimePopover } from '@/components/date-time-popover'
import { IconMenu } from '@/components/icon-menu'
import { LabelChips } from '@/components/label-chips'
import { Checkbox } from '@/components/ui/checkbox'
import { errorMessage } from '@/data/client'
import { showMessage } from '@/lib/snackbar'

import type { NewNote, NoteLabel } from '../api'
import { BellIcon, ChecklistIcon, CloseIcon, ImageIcon, LabelIcon, PlusIcon } from '../icons'
import { formatReminder, imageToDataUrl, mediaUrl, newId } from '../notes-utils'

export function ReminderPicker({ value, onChange }: { value: string | null; onChange: (iso: string | null) => void }) {
  return (
    <DateTimePopover
      trigger={
        <IconButton size="sm" variant="ghost" aria-label="Reminder" title="Reminder" data-testid="note-form-reminder">
          <BellIcon />
        </IconButton>
      }
      value={value}
      onChange={onChange}
      title="Remind me"
      saveLabel="Set reminder"
      testIdPrefix="note-form-reminder"
      positioning={{ placement: 'top-start' }}
    />
  )
}

/**
 * The note editor, for a new note (the 'Take a note..' box) and in the edit dialog: title, text,
 * checklist, reminder, image and labels. `actions` adds buttons (archive, delete) to its bar.
 */
export function NoteForm({
  initial,
  labels,
  submitLabel,
  onSubmit,
  onCancel,
  actions,
  autoFocus = 'title',
}: {
  initial: NewNote
  labels: NoteLabel[]
  submitLabel: string
  onSubmit: (note: NewNote) => Promise<void>
  onCancel?: () => void
  actions?: (draft: NewNote) => ReactNode
  autoFocus?: 'title' | 'description' | 'none'
}) {
  const [draft, setDraft] = useState<NewNote>(initial)
  const [newItem, setNewItem] = useState('')
  const [showChecklist, setShowChecklist] = useState(initial.checklist.length > 0)
  const [saving, setSaving] = useState(false)
  const file = useRef<HTMLInputElement>(null)
  const set = <K extends keyof NewNote>(key: K, value: NewNote[K]) => setDraft((d) => ({ ...d, [key]: value }))
  const image = mediaUrl(draft.image)

  function addItem() {
    const text = newItem.trim()
    if (!text) return
    set('checklist', [...draft.checklist, { id: newId(), checked: false, text }])
    setNewItem('')
  }

  async function submit() {
    // An item typed but not yet added counts too.
    const note = newItem.trim() ? { ...draft, checklist: [...draft.checklist, { id: newId(), checked: false, text: newItem.trim() }] } : draft
    setSaving(true)
    try {
      await onSubmit(note)
    } catch (e) {
      showMessage(errorMessage(e), 'error')
    } finally {
      setSaving(false)
    }
  }

  return (
    <Stack gap="0" data-testid="note-form">
      {image && (
        <Box position="relative">
          <img src={image} alt="" style={{ width: '100%', maxHeight: 280, objectFit: 'cover', display: 'block' }} data-testid="note-form-image" />
          <IconButton size="xs" position="absolute" top="2" insetEnd="2" aria-label="Remove image" onClick={() => set('image', null)} data-testid="note-form-image-remove">
            <CloseIcon />
          </IconButton>
        </Box>
      )}
      {draft.image && !image && (
        <HStack px="4" pt="3" fontSize="xs" color="fg.muted">
          <ImageIcon boxSize="3.5" />
          <Text flex="1">The sample image of this note is not part of this portal.</Text>
          <Button size="2xs" variant="ghost" onClick={() => set('image', null)}>
            Remove
          </Button>
        </HStack>
      )}
      <Stack gap="2" px="4" pt="3">
        <Input
          variant="flushed"
          fontWeight="semibold"
          fontSize="md"
          placeholder="Title"
          aria-label="Title"
          value={draft.title}
          onChange={(e) => set('title', e.target.value)}
          autoFocus={autoFocus === 'title'}
          borderBottomWidth="0"
          data-testid="note-form-title"
        />
        <Textarea
          variant="flushed"
          placeholder="Take a note.."
          aria-label="Note"
          autoresize
          minH="16"
          value={draft.description}
          onChange={(e) => set('description', e.target.value)}
          autoFocus={autoFocus === 'description'}
          borderBottomWidth="0"
          data-testid="note-form-description"
        />
        {showChecklist && (
          <Stack gap="1" data-testid="note-form-checklist">
            {draft.checklist.map((item, i) => (
              <HStack key={item.id} gap="2">
                <Checkbox
                  size="sm"
                  aria-label={`Done: ${item.text}`}
                  checked={item.checked}
                  onCheckedChange={(d) => set('checklist', draft.checklist.map((c, j) => (j === i ? { ...c, checked: Boolean(d.checked) } : c)))}
                  inputProps={{ 'data-testid': `note-form-item-${i}-check` }}
                />
                <Input
                  size="sm"
                  variant="flushed"
                  value={item.text}
                  textDecoration={item.checked ? 'line-through' : undefined}
                  color={item.checked ? 'fg.muted' : undefined}
                  onChange={(e) => set('checklist', draft.checklist.map((c, j) => (j === i ? { ...c, text: e.target.value } : c)))}
                  aria-label="Checklist item"
                  data-testid={`note-form-item-${i}`}
                />
                <CloseButton size="2xs" aria-label={`Remove “${item.text}”`} onClick={() => set('checklist', draft.checklist.filter((_, j) => j !== i))} />
              </HStack>
            ))}
            <HStack gap="2">
              <PlusIcon boxSize="4" color="fg.subtle" mx="0.5" />
              <Input
                size="sm"
                variant="flushed"
                placeholder="List item"
                value={newItem}
                onChange={(e) => setNewItem(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') {
                    e.preventDefault()
                    addItem()
                  }
                }}
                data-testid="note-form-new-item"
              />
              <Button size="xs" variant="ghost" onClick={addItem} disabled={!newItem.trim()} data-testid="note-form-add-item">
                Add
              </Button>
            </HStack>
          </Stack>
        )}
        {(draft.reminder || draft.labels.length > 0) && (
          <HStack gap="1.5" wrap="wrap" py="1">
            {draft.reminder && (
              <Badge size="sm" borderRadius="full" variant="subtle" colorPalette="brand" data-testid="note-form-reminder-badge">
                <BellIcon boxSize="3" /> {formatReminder(draft.reminder)}
                <CloseButton size="2xs" aria-label="Remove reminder" onClick={() => set('reminder', null)} />
              </Badge>
            )}
            <LabelChips ids={draft.labels} labels={labels} name={(l) => l.name} />
          </HStack>
        )}
      </Stack>
      <Flex align="center" gap="0.5" px="2" py="2" wrap="wrap">
        <ReminderPicker value={draft.reminder} onChange={(v) => set('reminder', v)} />
        <IconButton
          size="sm"
          variant={showChecklist ? 'subtle' : 'ghost'}
          aria-label="Checklist"
          title="Checklist"
          aria-pressed={showChecklist}
          onClick={() => setShowChecklist((v) => !v)}
          data-testid="note-form-checklist-toggle"
        >
          <ChecklistIcon />
        </IconButton>
        <IconButton size="sm" variant="ghost" aria-label="Add image" title="Add image" onClick={() => file.current?.click()} data-testid="note-form-image-button">
          <ImageIcon />
        </IconButton>
        <input
          ref={file}
          type="file"
          accept="image/*"
          hidden
          data-testid="note-form-image-input"
          onChange={(e) => {
            const picked = e.target.files?.[0]
            e.target.value = ''
            if (picked) imageToDataUrl(picked).then((url) => set('image', url), (err: unknown) => showMessage(errorMessage(err), 'error'))
          }}
        />
        <IconMenu icon={<LabelIcon />} label="Labels" title="Labels" testId="note-form-labels" groupLabel="Labels" closeOnSelect={false}>
          {labels.length === 0 && <Text px="2" py="1" fontSize="sm" color="fg.muted">No labels yet.</Text>}
          {labels.map((l) => {
            const on = draft.labels.some((id) => String(id) === String(l.id))
            return (
              <Menu.CheckboxItem
                key={String(l.id)}
                value={String(l.id)}
                checked={on}
                onCheckedChange={() => set('labels', on ? draft.labels.filter((id) => String(id) !== String(l.id)) : [...draft.labels, l.id])}
                data-testid={`note-form-label-${l.handle}`}
              >
                {l.name}
                <Menu.ItemIndicator />
              </Menu.CheckboxItem>
            )
          })}
        </IconMenu>
        {actions?.(draft)}
        <Box flex="1" />
        {onCancel && (
          <Button size="sm" variant="ghost" onClick={onCancel} data-testid="note-form-cancel">
            Cancel
          </Button>
        )}
        <Button size="sm" colorPalette="brand" loading={saving} onClick={() => void submit()} data-testid="note-form-submit">
          {submitLabel}
        </Button>
      </Flex>
    </Stack>
  )
}
