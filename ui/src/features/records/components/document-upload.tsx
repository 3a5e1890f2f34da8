import {
  Alert,
  Badge,
  Box,
  Button,
  chakra,
  Dialog,
  Field,
  Flex,
  HStack,
  IconButton,
  Input,
  Link,
  Portal,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react'
import { useAtomValue, useSetAtom } from 'jotai'
import { useEffect, useRef, useState, type DragEvent } from 'react'
import { Link as RouterLink } from 'react-router-dom'

import { DialogActions, DialogClose } from '@/components/form-dialog'
import { CloseIcon, DocumentIcon, RefreshIcon } from '@/components/icons'
import { OptionSelect } from '@/components/option-select'
import { useOptions } from '@/hooks/use-options'
import * as limits from '@/api/limits'
import { errorMessage } from '@/data/client'
import { userAtom } from '@/lib/auth'
import { forgetDocumentProgressAtom } from '@/data/document-progress'
import { ACCEPT_ATTRIBUTE, ACCEPTED_SUMMARY, ADMIN_ONLY_RETRY, checkFileName, retryChoice, retryDocument } from '@/data/documents'
import { formatBytes } from '@/lib/format'
import { canCreate } from '@/lib/permissions'
import type { AnyRecord } from '@/data/records'
import { showMessage } from '@/lib/snackbar'

import { useLiveDocument } from '../document-status'
import {
  cancelUploadAtom,
  canResend,
  clearSettledUploadsAtom,
  dismissUploadAtom,
  myUploadsAtom,
  percentOf,
  resendUploadAtom,
  startUploadsAtom,
  uploadsAtom,
  type UploadItem,
} from '../upload-atoms'

import { ProcessingBar, StageBar } from './document-progress-bar'

/** Where the uploaded documents go: linked to an asset or an opportunity, in a department. */
export interface UploadContext {
  assetId?: number
  leadId?: number
  department?: string
  /** Shown in the dialog: 'asset AST-0231 · Pump'. */
  label?: string
}

interface Chosen {
  id: number
  file: File
  title: string
  problem: string | null
}

let chosenCounter = 0
let lastDepartment = ''

const stem = (name: string) => (name.lastIndexOf('.') > 0 ? name.slice(0, name.lastIndexOf('.')) : name)

function Dropzone({ onFiles }: { onFiles: (files: File[]) => void }) {
  const input = useRef<HTMLInputElement>(null)
  const [over, setOver] = useState(false)
  const hasFiles = (e: DragEvent) => Array.from(e.dataTransfer?.types ?? []).includes('Files')
  return (
    <Box
      role="button"
      tabIndex={0}
      aria-label="Drop files here, or choose files to upload"
      borderWidth="2px"
      borderStyle="dashed"
      borderColor={over ? 'brand.solid' : 'border.emphasized'}
      bg={over ? 'brand.subtle' : 'bg.subtle'}
      borderRadius="xl"
      px="4"
      py={{ base: '5', md: '7' }}
      textAlign="center"
      cursor="pointer"
      transition="background 0.15s, border-color 0.15s"
      _focusVisible={{ outline: '2px solid', outlineColor: 'brand.solid', outlineOffset: '2px' }}
      onClick={() => input.current?.click()}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault()
          input.current?.click()
        }
      }}
      onDragEnter={(e) => {
        if (!hasFiles(e)) return
        e.preventDefault()
        setOver(true)
      }}
      onDragOver={(e) => {
        if (!hasFiles(e)) return
        e.preventDefault()
        e.dataTransfer.dropEffect = 'copy'
        setOver(true)
      }}
      onDragLeave={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOver(false)
      }}
      onDrop={(e) => {
        e.preventDefault()
        setOver(false)
        const files = Array.from(e.dataTransfer?.files ?? [])
        if (files.length) onFiles(files)
      }}
      data-testid="upload-dropzone"
      data-over={over ? 'true' : undefined}
    >
      <DocumentIcon boxSize="8" color={over ? 'brand.fg' : 'fg.subtle'} mb="2" />
      <Text fontWeight="medium">
        Drop files here or{' '}
        <Text as="span" color="brand.fg" textDecoration="underline">
          choose files
        </Text>
      </Text>
      <Text fontSize="xs" color="fg.muted" mt="1">
        {ACCEPTED_SUMMARY}. Several at once.
      </Text>
      <chakra.input
        ref={input}
        type="file"
        multiple
        accept={ACCEPT_ATTRIBUTE}
        display="none"
        onClick={(e) => e.stopPropagation()}
        onChange={(e) => {
          const files = Array.from(e.target.files ?? [])
          e.target.value = '' // the same file can be chosen again
          if (files.length) onFiles(files)
        }}
        data-testid="upload-input"
      />
    </Box>
  )
}

function SentStatus({ item, document }: { item: UploadItem; document: AnyRecord }) {
  const { record, status, deleted } = useLiveDocument(document)
  const forget = useSetAtom(forgetDocumentProgressAtom)
  const setUploads = useSetAtom(uploadsAtom)
  const [retrying, setRetrying] = useState(false)
  const user = useAtomValue(userAtom)
  const dataStatus = deleted ? 'deleted' : status.state === 'ready' && status.duplicateOfId !== null ? 'duplicate' : status.state
  const choice = retryChoice(record, user.role[0], user.data?.id)

  const retry = async (force = false) => {
    setRetrying(true)
    try {
      const fresh = await retryDocument(record.id, { force })
      forget(record.id)
      setUploads((items) => items.map((i) => (i.key === item.key ? { ...i, document: fresh } : i)))
    } catch (error) {
      showMessage(errorMessage(error), 'error')
    } finally {
      setRetrying(false)
    }
  }

  return (
    <Stack gap="2" data-status={dataStatus}>
      <StageBar label="Sent" percent={100} palette="green" testId="upload-item-transfer" />
      {!deleted && <ProcessingBar status={status} testId="upload-item-processing" />}
      <Flex gap="2" align="center" wrap="wrap" fontSize="sm" data-testid="upload-item-result" data-status={dataStatus}>
        {deleted ? (
          <Text color="fg.muted">The document was deleted.</Text>
        ) : status.state === 'ready' ? (
          <>
            <Badge colorPalette="green" size="sm">
              Ready
            </Badge>
            {status.duplicateOfId !== null && (
              <Text color="fg.muted" data-testid="upload-item-duplicate">
                Duplicate of{' '}
                <Link asChild color="brand.fg">
                  <RouterLink to={`/documents/${status.duplicateOfId}`}>document #{status.duplicateOfId}</RouterLink>
                </Link>
                : the same file was uploaded before.
              </Text>
            )}
          </>
        ) : status.state === 'failed' ? (
          <>
            <Badge colorPalette="red" size="sm">
              Failed
            </Badge>
            <Text color="fg.error" data-testid="upload-item-reason">
              {status.failureReason ?? 'Processing failed.'}
            </Text>
            {choice === 'retry' && (
              <Button size="xs" variant="outline" loading={retrying} onClick={() => void retry()} data-testid="upload-item-retry">
                <RefreshIcon /> Retry
              </Button>
            )}
            {choice === 'force' && (
              <Button size="xs" variant="outline" loading={retrying} onClick={() => void retry(true)} data-testid="upload-item-force-retry">
                <RefreshIcon /> Force retry
              </Button>
            )}
            {choice === 'admin-only' && (
              <Text color="fg.muted" fontSize="xs" data-testid="upload-item-admin-only">
                {ADMIN_ONLY_RETRY}
              </Text>
            )}
          </>
        ) : (
          <Text color="fg.muted">Processing on the server…</Text>
        )}
        {!deleted && (
          <Link asChild color="brand.fg" ms="auto" fontSize="sm">
            <RouterLink to={`/documents/${record.id}`} data-testid="upload-item-open">
              Open
            </RouterLink>
          </Link>
        )}
      </Flex>
    </Stack>
  )
}

function UploadRow({ item }: { item: UploadItem }) {
  const cancel = useSetAtom(cancelUploadAtom)
  const resend = useSetAtom(resendUploadAtom)
  const dismiss = useSetAtom(dismissUploadAtom)
  const percent = percentOf(item)
  const status = item.phase === 'sent' ? undefined : item.phase
  return (
    <Box
      as="li"
      listStyleType="none"
      borderWidth="1px"
      borderColor={item.phase === 'refused' || item.phase === 'failed' ? 'border.error' : 'border.muted'}
      borderRadius="lg"
      p="3"
      data-testid="upload-item"
      data-file={item.name}
      data-phase={item.phase}
    >
      <Flex gap="2" align="center" mb="2">
        <DocumentIcon boxSize="4" color="fg.muted" flexShrink={0} />
        <Box minW="0" flex="1">
          <Text fontSize="sm" fontWeight="medium" truncate title={item.name}>
            {item.title.trim() || item.name}
          </Text>
          <Text fontSize="xs" color="fg.muted" truncate>
            {item.title.trim() ? `${item.name} · ` : ''}
            {formatBytes(item.size)}
          </Text>
        </Box>
        {(item.phase === 'sending' || item.phase === 'waiting') && (
          <Button size="xs" variant="ghost" onClick={() => cancel(item.key)} data-testid="upload-item-cancel">
            Cancel
          </Button>
        )}
        {item.phase !== 'sending' && item.phase !== 'waiting' && (
          <IconButton size="xs" variant="ghost" aria-label={`Remove ${item.name} from the list`} onClick={() => dismiss(item.key)} data-testid="upload-item-dismiss">
            <CloseIcon />
          </IconButton>
        )}
      </Flex>
      {item.phase === 'sent' && item.document ? (
        <SentStatus item={item} document={item.document as unknown as AnyRecord} />
      ) : (
        <Stack gap="2">
          {item.phase !== 'refused' && (
            <StageBar
              label={item.phase === 'waiting' ? 'Waiting to send' : item.phase === 'sending' ? 'Uploading' : item.phase === 'cancelled' ? 'Cancelled' : 'Upload stopped'}
              percent={percent}
              palette={item.phase === 'failed' ? 'red' : item.phase === 'cancelled' ? 'gray' : 'blue'}
              striped={item.phase === 'sending'}
              testId="upload-item-transfer"
            />
          )}
          {(item.phase === 'refused' || item.phase === 'failed') && (
            <Flex gap="2" align="flex-start" fontSize="sm" data-testid="upload-item-result" data-status={status}>
              <Badge colorPalette="red" size="sm" flexShrink={0}>
                {item.phase === 'refused' ? 'Not accepted' : 'Not sent'}
              </Badge>
              <Text color="fg.error" data-testid="upload-item-reason" wordBreak="break-word">
                {item.error}
              </Text>
            </Flex>
          )}
          {canResend(item) && (
            <Button size="xs" variant="outline" alignSelf="flex-start" onClick={() => resend(item.key)} data-testid="upload-item-resend">
              <RefreshIcon /> Send again
            </Button>
          )}
        </Stack>
      )}
    </Box>
  )
}

function UploadDialogBody({ context, onClose }: { context: UploadContext; onClose: () => void }) {
  const options = useOptions()
  const uploads = useAtomValue(myUploadsAtom)
  const start = useSetAtom(startUploadsAtom)
  const clearSettled = useSetAtom(clearSettledUploadsAtom)
  const [department, setDepartment] = useState(context.department ?? lastDepartment)
  const [notes, setNotes] = useState('')
  const [chosen, setChosen] = useState<Chosen[]>([])
  const [tried, setTried] = useState(false)
  const departments = options?.departments ?? []
  // A file dropped beside the drop zone must not make the browser open it (and leave the portal).
  useEffect(() => {
    const block = (e: globalThis.DragEvent) => {
      if (Array.from(e.dataTransfer?.types ?? []).includes('Files')) e.preventDefault()
    }
    window.addEventListener('dragover', block)
    window.addEventListener('drop', block)
    return () => {
      window.removeEventListener('dragover', block)
      window.removeEventListener('drop', block)
    }
  }, [])
  const sendable = chosen.filter((c) => !c.problem)
  const missingDepartment = department === ''

  const add = (files: File[]) =>
    setChosen((current) => [
      ...current,
      ...files.map((file) => {
        chosenCounter += 1
        return { id: chosenCounter, file, title: '', problem: checkFileName(file.name) }
      }),
    ])

  const submit = () => {
    setTried(true)
    if (missingDepartment || sendable.length === 0) return
    lastDepartment = department
    start({
      files: sendable.map((c) => ({ file: c.file, title: c.title })),
      fields: { department, notes, assetId: context.assetId ?? null, leadId: context.leadId ?? null },
    })
    setChosen([])
    setNotes('')
    setTried(false)
  }

  return (
    <Dialog.Content data-testid="upload-dialog">
      <Dialog.Header>
        <Stack gap="0.5">
          <Dialog.Title>Upload documents</Dialog.Title>
          {context.label && (
            <Text fontSize="sm" color="fg.muted" data-testid="upload-context">
              Linked to {context.label}
            </Text>
          )}
        </Stack>
      </Dialog.Header>
      <DialogClose />
      <Dialog.Body>
        <Stack gap="4">
          <Field.Root required invalid={tried && missingDepartment}>
            <Field.Label>
              Department <Field.RequiredIndicator />
            </Field.Label>
            <OptionSelect value={department} onChange={setDepartment} options={departments} before={<option value="">Choose…</option>} testId="upload-department" />
            <Field.ErrorText data-testid="upload-department-error">Choose the department the documents belong to.</Field.ErrorText>
          </Field.Root>

          <Dropzone onFiles={add} />

          {chosen.length > 0 && (
            <Stack as="ul" gap="2" data-testid="upload-chosen">
              {chosen.map((c) => (
                <Box as="li" key={c.id} listStyleType="none" borderWidth="1px" borderColor={c.problem ? 'border.error' : 'border.muted'} borderRadius="lg" p="2.5" data-testid="upload-chosen-item" data-file={c.file.name}>
                  <Flex gap="2" align="center">
                    <Box minW="0" flex="1">
                      <Text fontSize="sm" fontWeight="medium" truncate title={c.file.name}>
                        {c.file.name}
                      </Text>
                      <Text fontSize="xs" color="fg.muted">
                        {formatBytes(c.file.size)}
                      </Text>
                    </Box>
                    <IconButton size="xs" variant="ghost" aria-label={`Remove ${c.file.name}`} onClick={() => setChosen((all) => all.filter((x) => x.id !== c.id))} data-testid="upload-chosen-remove">
                      <CloseIcon />
                    </IconButton>
                  </Flex>
                  {c.problem ? (
                    <Text fontSize="xs" color="fg.error" mt="1" data-testid="upload-chosen-problem">
                      {c.problem}
                    </Text>
                  ) : (
                    <Input
                      size="xs"
                      mt="2"
                      placeholder={`Title (default: ${stem(c.file.name)})`}
                      aria-label={`Title for ${c.file.name}`}
                      maxLength={limits.DocumentCreate.title.maxLength}
                      value={c.title}
                      onChange={(e) => setChosen((all) => all.map((x) => (x.id === c.id ? { ...x, title: e.target.value } : x)))}
                      data-testid="upload-chosen-title"
                    />
                  )}
                </Box>
              ))}
            </Stack>
          )}

          {chosen.length > 0 && (
            <Field.Root>
              <Field.Label>Notes (for every file)</Field.Label>
              <Textarea size="sm" rows={2} maxLength={limits.DocumentCreate.notes.maxLength} value={notes} onChange={(e) => setNotes(e.target.value)} data-testid="upload-notes" />
            </Field.Root>
          )}

          {tried && sendable.length === 0 && chosen.length > 0 && (
            <Alert.Root status="warning" size="sm" borderRadius="lg">
              <Alert.Indicator />
              <Alert.Title>None of the chosen files can be uploaded.</Alert.Title>
            </Alert.Root>
          )}

          {uploads.length > 0 && (
            <Stack gap="2">
              <HStack justify="space-between">
                <Text fontSize="sm" fontWeight="semibold">
                  Uploads
                </Text>
                <Button size="xs" variant="ghost" onClick={() => clearSettled()} data-testid="upload-clear">
                  Clear finished
                </Button>
              </HStack>
              <Stack as="ul" gap="2" aria-live="polite" data-testid="upload-list">
                {uploads.map((item) => (
                  <UploadRow key={item.key} item={item} />
                ))}
              </Stack>
            </Stack>
          )}
        </Stack>
      </Dialog.Body>
      <DialogActions
        onCancel={onClose}
        cancelLabel="Close"
        cancelTestId="upload-close"
        onSubmit={submit}
        disabled={sendable.length === 0}
        submitLabel={sendable.length > 1 ? `Upload ${sendable.length} files` : 'Upload'}
        submitTestId="upload-submit"
      />
    </Dialog.Content>
  )
}

/** The upload dialog (drop or choose several files; each one's transfer, processing and result). */
export function UploadDialog({ open, onOpenChange, context = {} }: { open: boolean; onOpenChange: (open: boolean) => void; context?: UploadContext }) {
  return (
    <Dialog.Root open={open} onOpenChange={(d) => onOpenChange(d.open)} size={{ base: 'full', md: 'lg' }} placement="center" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>{open && <UploadDialogBody context={context} onClose={() => onOpenChange(false)} />}</Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}

/** 'Upload' button + its dialog; nothing for a role that cannot upload (contractors). */
export function UploadDocumentsButton({
  context,
  testId = 'upload-open',
  label = 'Upload',
  variant = 'outline',
}: {
  context?: UploadContext
  testId?: string
  label?: string
  variant?: 'outline' | 'solid' | 'subtle'
}) {
  const user = useAtomValue(userAtom)
  const [open, setOpen] = useState(false)
  const uploads = useAtomValue(myUploadsAtom)
  const active = uploads.filter((u) => u.phase === 'waiting' || u.phase === 'sending').length
  if (!canCreate(user.role[0], 'documents')) return null
  return (
    <>
      <Button size="sm" variant={variant} colorPalette="brand" onClick={() => setOpen(true)} data-testid={testId}>
        <ArrowUpCloud /> {label}
        {active > 0 && (
          <Badge size="xs" colorPalette="blue" variant="solid" borderRadius="full">
            {active}
          </Badge>
        )}
      </Button>
      <UploadDialog open={open} onOpenChange={setOpen} context={context} />
    </>
  )
}

function ArrowUpCloud() {
  return (
    <chakra.svg viewBox="0 0 24 24" boxSize="4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden>
      <path d="M16 16l-4-4-4 4" />
      <path d="M12 12v9" />
      <path d="M20.4 18.4A5 5 0 0 0 18 9h-1.3A8 8 0 1 0 3 16.3" />
    </chakra.svg>
  )
}
