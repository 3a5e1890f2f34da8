import { Alert, Button, Dialog, Field, HStack, Input, Stack, Text, Textarea } from '@chakra-ui/react'
import { useAtomValue } from 'jotai'
import { useState } from 'react'

import { DialogFrame } from '@/components/form-dialog'
import { ApiError, errorMessage } from '@/data/client'
import { checkFileName } from '@/data/documents'
import type { Asset } from '@/data/records'
import { OFFLINE_REASON, onlineAtom } from '@/lib/online'
import { showMessage } from '@/lib/snackbar'

import { recordInspection, RESULTS, type InspectionResult } from '../api'

const RESULT_PALETTE: Record<InspectionResult, string> = { GOOD: 'green', BAD: 'orange', POOR: 'red' }
const NOTE_MAX = 2000

interface Props {
  asset: Asset | null
  today: string
  onClose: () => void
  onDone: (asset: Asset) => void
}

/** "Inspection done": date, result, a note and an optional photo (uploaded as a document of the asset). */
export function InspectionDialog({ asset, today, onClose, onDone }: Props) {
  const online = useAtomValue(onlineAtom)
  const [result, setResult] = useState<InspectionResult | null>(null)
  const [date, setDate] = useState(today)
  const [note, setNote] = useState('')
  const [photo, setPhoto] = useState<File | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)

  const photoProblem = photo ? checkFileName(photo.name) : null
  const reason = !online ? OFFLINE_REASON : !result ? 'Choose what the inspection found.' : photoProblem
  const save = async () => {
    if (!asset || !result || reason) return
    setSaving(true)
    setError(null)
    try {
      const updated = await recordInspection(asset, { version: asset.version, result, inspectedOn: date, note, photo })
      showMessage(`Inspection of ${asset.tag} recorded; next one ${updated.nextInspection ?? 'not set'}.`, 'success')
      onDone(updated)
    } catch (caught) {
      const stale = caught instanceof ApiError && caught.status === 409
      setError(stale ? 'Someone changed this asset since the list was loaded. Close, and try again on the fresh list.' : errorMessage(caught))
    } finally {
      setSaving(false)
    }
  }

  return (
    <DialogFrame testId="inspection-dialog" title="Inspection done" open={asset !== null} onOpenChange={(d) => !d.open && onClose()} size={{ base: 'full', md: 'md' }}>
      <Dialog.Body>
        {asset && (
          <Stack gap="5">
            <Text color="fg.muted">
              {asset.tag} · {asset.name}
            </Text>
            <Field.Root required>
              <Field.Label>Result</Field.Label>
              <HStack gap="2" w="full" role="radiogroup" aria-label="Result">
                {RESULTS.map((value) => (
                  <Button
                    key={value}
                    role="radio"
                    aria-checked={result === value}
                    flex="1"
                    size="lg"
                    variant={result === value ? 'solid' : 'outline'}
                    colorPalette={RESULT_PALETTE[value]}
                    onClick={() => setResult(value)}
                    data-testid={`inspection-result-${value}`}
                  >
                    {value}
                  </Button>
                ))}
              </HStack>
            </Field.Root>
            <Field.Root>
              <Field.Label>Date</Field.Label>
              <Input type="date" size="lg" value={date} max={today} onChange={(e) => setDate(e.target.value || today)} data-testid="inspection-date" />
            </Field.Root>
            <Field.Root>
              <Field.Label>Note</Field.Label>
              <Textarea
                rows={4}
                maxLength={NOTE_MAX}
                value={note}
                onChange={(e) => setNote(e.target.value)}
                placeholder="What you found, what you did"
                data-testid="inspection-note"
              />
            </Field.Root>
            <Field.Root invalid={Boolean(photoProblem)}>
              <Field.Label>Photo (optional)</Field.Label>
              <Input
                type="file"
                accept="image/*"
                capture="environment"
                p="1.5"
                onChange={(e) => setPhoto(e.target.files?.[0] ?? null)}
                data-testid="inspection-photo"
              />
              <Field.HelperText>Kept as a document of the asset.</Field.HelperText>
              {photoProblem && <Field.ErrorText>{photoProblem}</Field.ErrorText>}
            </Field.Root>
            {error && (
              <Alert.Root status="error" data-testid="inspection-error">
                <Alert.Indicator />
                <Alert.Title>{error}</Alert.Title>
              </Alert.Root>
            )}
          </Stack>
        )}
      </Dialog.Body>
      <Dialog.Footer flexDirection="column" alignItems="stretch" gap="2">
        {reason && result !== null && (
          <Text fontSize="sm" color="fg.muted" data-testid="inspection-disabled-reason">
            {reason}
          </Text>
        )}
        <Button size="lg" colorPalette="brand" loading={saving} disabled={Boolean(reason)} title={reason ?? undefined} onClick={() => void save()} data-testid="inspection-save">
          Save inspection
        </Button>
      </Dialog.Footer>
    </DialogFrame>
  )
}
