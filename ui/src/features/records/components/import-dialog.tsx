import { Alert, Badge, Box, Button, Checkbox, Dialog, Flex, NativeSelect, Portal, Progress, Stack, Table, Text } from '@chakra-ui/react'
import { useAtomValue } from 'jotai'
import { useEffect, useRef, useState } from 'react'

import { acceptedFiles } from '@/api/limits'
import { DialogClose } from '@/components/form-dialog'
import { errorMessage } from '@/data/client'
import { userAtom } from '@/lib/auth'
import { formatNumber } from '@/lib/format'
import { isManager } from '@/lib/permissions'
import type { Resource } from '@/data/records'

import type { ResourceConfig } from '@/config/records'
import { commitImport, followImport, hasPreview, IMPORTABLE, startImport, type ImportJob } from '../transfer'

const ERRORS_SHOWN = 200

/**
 * Import a CSV or Excel file: choose it (and "update existing"), the server checks it without
 * writing (a dry run), the page shows the columns with the field each one fills (matched by name,
 * changeable) and every row error, then Import writes all rows or none; progress, then the result.
 */
function ImportBody({ config, onClose }: { config: ResourceConfig; onClose: () => void }) {
  const [file, setFile] = useState<File | null>(null)
  const [updateExisting, setUpdateExisting] = useState(false)
  const [mapping, setMapping] = useState<Record<string, string>>({})
  const [job, setJob] = useState<ImportJob | null>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const controller = useRef<AbortController | null>(null)
  useEffect(() => () => controller.current?.abort(), [])

  const run = async (work: () => Promise<ImportJob>) => {
    controller.current?.abort()
    const ctl = new AbortController()
    controller.current = ctl
    setBusy(true)
    setError(null)
    try {
      const finished = await followImport(await work(), setJob, ctl.signal)
      if (hasPreview(finished)) setMapping(finished.preview.mapping)
    } catch (e) {
      if (!ctl.signal.aborted) setError(errorMessage(e))
    } finally {
      if (!ctl.signal.aborted) setBusy(false)
    }
  }
  const check = (chosen: File, withMapping?: Record<string, string>) =>
    run(() => startImport(config.resource, chosen, { dryRun: true, updateExisting, mapping: withMapping }))

  const preview = hasPreview(job) ? job.preview : null
  const changedMapping = preview ? Object.entries(mapping).some(([h, f]) => preview.mapping[h] !== f) : false
  const ready = job?.state === 'ready-to-commit'
  const writing = job?.state === 'importing' || (job?.state === 'validating' && !job.dryRun)
  const done = job?.state === 'done'
  const progress = job?.progress
  const percent = progress?.total ? Math.round((100 * progress.processed) / progress.total) : null

  return (
    <Dialog.Content data-testid="import-dialog">
      <Dialog.Header>
        <Dialog.Title>Import {config.title.toLowerCase()}</Dialog.Title>
      </Dialog.Header>
      <DialogClose />
      <Dialog.Body>
        <Stack gap="4">
          <Text fontSize="sm" color="fg.muted">
            A CSV or Excel (.xlsx) file with a header row. Columns are matched to fields by name; nothing is written until every row is valid.
          </Text>
          <Flex gap="3" align="center" wrap="wrap">
            <Button asChild size="sm" variant="outline" disabled={busy}>
              <label>
                Choose file…
                <input
                  type="file"
                  accept={acceptedFiles[config.resource === 'leads' ? '/leads/import' : '/assets/import'].post.accept.join(',')}
                  hidden
                  data-testid="import-file"
                  onChange={(e) => {
                    const chosen = e.target.files?.[0] ?? null
                    e.target.value = ''
                    if (!chosen) return
                    setFile(chosen)
                    setJob(null)
                    setMapping({})
                    void check(chosen)
                  }}
                />
              </label>
            </Button>
            <Text fontSize="sm" truncate maxW="64" data-testid="import-file-name">
              {file?.name ?? 'No file chosen'}
            </Text>
            <Checkbox.Root
              size="sm"
              checked={updateExisting}
              disabled={busy}
              onCheckedChange={(d) => {
                setUpdateExisting(d.checked === true)
                if (file) void run(() => startImport(config.resource, file, { dryRun: true, updateExisting: d.checked === true, mapping }))
              }}
              data-testid="import-update-existing"
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>Update existing ({config.resource === 'assets' ? 'same tag' : 'same id'})</Checkbox.Label>
            </Checkbox.Root>
          </Flex>

          {error && (
            <Alert.Root status="error" size="sm" borderRadius="lg" data-testid="import-error">
              <Alert.Indicator />
              <Alert.Title>{error}</Alert.Title>
            </Alert.Root>
          )}

          {busy && !writing && (
            <Text fontSize="sm" color="fg.muted" data-testid="import-checking">
              Checking {progress ? `${formatNumber(progress.processed)} rows` : 'the file'}…
            </Text>
          )}

          {preview && (
            <Stack gap="2">
              <Text fontSize="sm" fontWeight="semibold">
                Columns and the first rows
              </Text>
              <Box overflowX="auto" borderWidth="1px" borderColor="border.muted" borderRadius="lg" maxH="64">
                <Table.Root size="sm" data-testid="import-preview">
                  <Table.Header>
                    <Table.Row>
                      {preview.headers.map((header, i) => (
                        <Table.ColumnHeader key={`${header}-${i}`} minW="36" verticalAlign="top">
                          <Stack gap="1">
                            <Text fontSize="xs" truncate title={header}>
                              {header || '(no name)'}
                            </Text>
                            <NativeSelect.Root size="xs" disabled={busy}>
                              <NativeSelect.Field
                                aria-label={`Field for column ${header}`}
                                value={mapping[header] ?? ''}
                                onChange={(e) => setMapping((m) => ({ ...m, [header]: e.target.value }))}
                                data-testid={`import-map-${header}`}
                              >
                                <option value="">Leave out</option>
                                {preview.fields.map((f) => (
                                  <option key={f.name} value={f.name}>
                                    {f.name}
                                    {f.required ? ' *' : ''}
                                  </option>
                                ))}
                              </NativeSelect.Field>
                              <NativeSelect.Indicator />
                            </NativeSelect.Root>
                          </Stack>
                        </Table.ColumnHeader>
                      ))}
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {preview.rows.map((row, r) => (
                      <Table.Row key={r}>
                        {preview.headers.map((_, c) => (
                          <Table.Cell key={c} fontSize="xs" maxW="48" truncate>
                            {row[c] ?? ''}
                          </Table.Cell>
                        ))}
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              </Box>
              {changedMapping && file && (
                <Button size="xs" alignSelf="start" variant="subtle" disabled={busy} onClick={() => void check(file, mapping)} data-testid="import-recheck">
                  Check again with these columns
                </Button>
              )}
            </Stack>
          )}

          {job?.state === 'failed' && (
            <Alert.Root status="error" borderRadius="lg" data-testid="import-failed">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>{job.message ?? 'The file cannot be imported.'}</Alert.Title>
                {job.errorCount > 0 && <Alert.Description>Fix the rows below and choose the file again.</Alert.Description>}
              </Alert.Content>
            </Alert.Root>
          )}

          {job && job.errors.length > 0 && (
            <Box as="ul" maxH="48" overflowY="auto" borderWidth="1px" borderColor="border.error" borderRadius="lg" p="2" data-testid="import-errors">
              {job.errors.slice(0, ERRORS_SHOWN).map((e, i) => (
                <Box as="li" key={i} listStyleType="none" fontSize="sm" py="0.5" data-testid="import-error-row" data-row={e.row ?? ''}>
                  <Badge size="sm" colorPalette="red" me="2">
                    Row {e.row ?? '–'}
                  </Badge>
                  {e.column && (
                    <Text as="span" fontWeight="semibold" me="1">
                      {e.column}:
                    </Text>
                  )}
                  {e.message}
                </Box>
              ))}
              {job.errorCount > Math.min(job.errors.length, ERRORS_SHOWN) && (
                <Text fontSize="xs" color="fg.muted" pt="1">
                  and {formatNumber(job.errorCount - Math.min(job.errors.length, ERRORS_SHOWN))} more
                </Text>
              )}
            </Box>
          )}

          {ready && (
            <Alert.Root status="info" borderRadius="lg" data-testid="import-ready">
              <Alert.Indicator />
              <Alert.Title>
                {formatNumber(job.totalRows ?? 0)} rows checked: {formatNumber(job.created)} to create, {formatNumber(job.updated)} to update.
              </Alert.Title>
            </Alert.Root>
          )}

          {writing && (
            <Stack gap="1" data-testid="import-progress">
              <Text fontSize="sm">Importing… {percent !== null ? `${percent} %` : ''}</Text>
              <Progress.Root value={percent} size="sm" colorPalette="brand">
                <Progress.Track>
                  <Progress.Range />
                </Progress.Track>
              </Progress.Root>
            </Stack>
          )}

          {done && (
            <Alert.Root status="success" borderRadius="lg" data-testid="import-done">
              <Alert.Indicator />
              <Alert.Title>
                Imported: {formatNumber(job.created)} created, {formatNumber(job.updated)} updated.
              </Alert.Title>
            </Alert.Root>
          )}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onClose} data-testid="import-close">
          {done ? 'Close' : 'Cancel'}
        </Button>
        {!done && (
          <Button
            colorPalette="brand"
            disabled={!ready || busy || changedMapping}
            loading={writing}
            onClick={() => job && void run(() => commitImport(job.jobId))}
            data-testid="import-submit"
          >
            Import
          </Button>
        )}
      </Dialog.Footer>
    </Dialog.Content>
  )
}

/** "Import" on the asset and opportunity lists, for managers and admins. */
export function ImportButton({ config }: { config: ResourceConfig }) {
  const user = useAtomValue(userAtom)
  const [open, setOpen] = useState(false)
  if (!IMPORTABLE.includes(config.resource as Resource) || !isManager(user.role[0])) return null
  return (
    <>
      <Button size="sm" variant="outline" onClick={() => setOpen(true)} data-testid="import-open">
        Import
      </Button>
      <Dialog.Root open={open} onOpenChange={(d) => setOpen(d.open)} size={{ base: 'full', md: 'xl' }} placement="center" scrollBehavior="inside">
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>{open && <ImportBody config={config} onClose={() => setOpen(false)} />}</Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </>
  )
}
