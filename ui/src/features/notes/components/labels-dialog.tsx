import { Button, Dialog, HStack, IconButton, Input, Stack, Text } from '@chakra-ui/react'
import { useAtom } from 'jotai'
import { useState } from 'react'

import { DialogFrame } from '@/components/form-dialog'
import { errorMessage } from '@/data/client'
import { showMessage } from '@/lib/snackbar'

import { updateLabels, type NoteLabel } from '../api'
import { labelsDialogOpenAtom } from '../atoms'
import { CheckIcon, LabelIcon, PlusIcon, TrashIcon } from '../icons'
import { newId, prepareLabels, slugify } from '../notes-utils'

function LabelsEditor({ labels, onSaved, onClose }: { labels: NoteLabel[]; onSaved: (labels: NoteLabel[]) => void; onClose: () => void }) {
  const [draft, setDraft] = useState<NoteLabel[]>(labels)
  const [name, setName] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)

  function add() {
    const trimmed = name.trim()
    if (!trimmed) return
    setDraft((d) => [...d, { id: newId(), name: trimmed, handle: '' }])
    setName('')
  }

  async function save() {
    const pending = name.trim() ? [...draft, { id: newId(), name: name.trim(), handle: '' }] : draft
    const prepared = prepareLabels(pending.map((l) => (l.handle ? l : { ...l, handle: slugify(l.name) })))
    if (prepared.error) {
      setError(prepared.error)
      return
    }
    setSaving(true)
    try {
      onSaved(await updateLabels(prepared.labels))
      showMessage('Labels saved.', 'success')
      onClose()
    } catch (e) {
      setError(errorMessage(e))
    } finally {
      setSaving(false)
    }
  }

  return (
    <>
      <Dialog.Header>
        <Dialog.Title>Edit labels</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="3">
          <HStack>
            <Input
              size="sm"
              placeholder="Create new label"
              value={name}
              onChange={(e) => setName(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault()
                  add()
                }
              }}
              data-testid="labels-new-name"
            />
            <IconButton size="sm" variant="outline" aria-label="Add label" onClick={add} disabled={!name.trim()} data-testid="labels-add">
              <PlusIcon />
            </IconButton>
          </HStack>
          <Stack gap="1" data-testid="labels-list">
            {draft.map((label, i) => (
              <HStack key={String(label.id)} gap="2">
                <LabelIcon boxSize="4" color="fg.muted" />
                <Input
                  size="sm"
                  variant="flushed"
                  value={label.name}
                  aria-label={`Name of label ${i + 1}`}
                  onChange={(e) => setDraft((d) => d.map((l, j) => (j === i ? { ...l, name: e.target.value } : l)))}
                  data-testid={`labels-name-${i}`}
                />
                <IconButton
                  size="sm"
                  variant="ghost"
                  aria-label={`Delete label “${label.name}”`}
                  onClick={() => setDraft((d) => d.filter((_, j) => j !== i))}
                  data-testid={`labels-delete-${i}`}
                >
                  <TrashIcon />
                </IconButton>
              </HStack>
            ))}
            {draft.length === 0 && (
              <Text fontSize="sm" color="fg.muted">
                No labels. Create one above.
              </Text>
            )}
          </Stack>
          <Text fontSize="xs" color="fg.subtle">
            Deleting a label takes it off every note.
          </Text>
          {error && (
            <Text color="fg.error" fontSize="sm" data-testid="labels-error">
              {error}
            </Text>
          )}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" size="sm" onClick={onClose}>
          Cancel
        </Button>
        <Button colorPalette="brand" size="sm" loading={saving} onClick={() => void save()} data-testid="labels-save">
          <CheckIcon /> Save
        </Button>
      </Dialog.Footer>
    </>
  )
}

export function LabelsDialog({ labels, onSaved }: { labels: NoteLabel[]; onSaved: (labels: NoteLabel[]) => void }) {
  const [open, setOpen] = useAtom(labelsDialogOpenAtom)
  return (
    <DialogFrame testId="labels-dialog" open={open} onOpenChange={(d) => setOpen(d.open)} size="sm">
      {open && <LabelsEditor labels={labels} onSaved={onSaved} onClose={() => setOpen(false)} />}
    </DialogFrame>
  )
}
