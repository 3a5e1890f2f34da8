import { Alert, Box, Button, Flex, Grid, Image, Link, Skeleton, Stack, Text } from '@chakra-ui/react'
import { useAtomValue, useSetAtom } from 'jotai'
import { useEffect, useState, type ReactNode } from 'react'
import { Link as RouterLink } from 'react-router-dom'

import { DocumentIcon, RefreshIcon, SearchIcon } from '@/components/icons'
import { Section } from '@/components/section'
import { errorMessage } from '@/data/client'
import { documentProgressAtom, documentStatus, forgetDocumentProgressAtom } from '@/data/document-progress'
import { ADMIN_ONLY_RETRY, downloadDocument, fetchDocumentFile, fetchThumbnail, isTextMedia, kindLabel, retryChoice, retryDocument } from '@/data/documents'
import { getRecord, type AnyRecord, type DocumentRecord, type Resource } from '@/data/records'
import { userAtom } from '@/lib/auth'
import { formatBytes, formatDateTime, formatNumber } from '@/lib/format'
import { showMessage } from '@/lib/snackbar'

import { RESOURCE_CONFIGS } from '@/config/records'
import { useHistory } from '../hooks'

import { ProcessingBar } from './document-progress-bar'

/** Characters of a text file shown as its text (the file is fetched whole up to this size). */
export const TEXT_SHOWN = 200_000

/** The stored PNG preview, fetched with the token and shown through a blob URL. */
function Thumbnail({ id, version, alt }: { id: number; version: number; alt: string }) {
  const [state, setState] = useState<{ url: string | null; error: string | null; key: string }>({ url: null, error: null, key: '' })
  const key = `${id}@${version}`
  useEffect(() => {
    const controller = new AbortController()
    let url: string | null = null
    fetchThumbnail(id, controller.signal).then(
      (blob) => {
        if (controller.signal.aborted) return
        url = URL.createObjectURL(blob)
        setState({ url, error: null, key })
      },
      (error: unknown) => !controller.signal.aborted && setState({ url: null, error: errorMessage(error), key }),
    )
    return () => {
      controller.abort()
      if (url) URL.revokeObjectURL(url)
    }
  }, [id, key])
  if (state.key !== key) return <Skeleton w="full" maxW="320px" aspectRatio={3 / 4} borderRadius="md" data-testid="doc-thumbnail-loading" />
  if (state.error || !state.url) {
    return (
      <Text fontSize="sm" color="fg.muted" data-testid="doc-thumbnail-error">
        The preview could not be loaded: {state.error}
      </Text>
    )
  }
  return (
    <Image
      src={state.url}
      alt={alt}
      maxW="full"
      maxH="420px"
      objectFit="contain"
      borderRadius="md"
      borderWidth="1px"
      borderColor="border.muted"
      bg="white"
      boxShadow="sm"
      data-testid="doc-thumbnail"
    />
  )
}

/** A text file's content (it is its own extracted text). */
function useFileText(id: number, enabled: boolean, version: number) {
  const [state, setState] = useState<{ text: string | null; truncated: boolean; error: string | null; key: string }>({
    text: null,
    truncated: false,
    error: null,
    key: '',
  })
  const key = `${id}@${version}`
  useEffect(() => {
    if (!enabled) return
    const controller = new AbortController()
    fetchDocumentFile(id, controller.signal)
      .then(async (blob) => {
        const text = await blob.slice(0, TEXT_SHOWN).text()
        if (!controller.signal.aborted) setState({ text, truncated: blob.size > TEXT_SHOWN, error: null, key })
      })
      .catch((error: unknown) => !controller.signal.aborted && setState({ text: null, truncated: false, error: errorMessage(error), key }))
    return () => controller.abort()
  }, [id, enabled, key])
  return state.key === key ? state : { text: null, truncated: false, error: null, loading: enabled }
}

/** 'Asset AST-0231 · Pump' linking to the record (its title read once). */
function RecordLink({ resource, id, testId }: { resource: Resource; id: number; testId: string }) {
  const config = RESOURCE_CONFIGS[resource]
  const [title, setTitle] = useState<{ id: number; text: string } | null>(null)
  useEffect(() => {
    const controller = new AbortController()
    getRecord(resource, id, controller.signal).then(
      (r) => setTitle({ id, text: config.titleOf(r as unknown as AnyRecord) }),
      () => !controller.signal.aborted && setTitle({ id, text: `#${id}` }),
    )
    return () => controller.abort()
  }, [resource, id, config])
  return (
    <Link asChild color="brand.fg" data-testid={testId}>
      <RouterLink to={`${config.path}/${id}`}>
        {config.one.charAt(0).toUpperCase() + config.one.slice(1)} {title?.id === id ? title.text : `#${id}`}
      </RouterLink>
    </Link>
  )
}

function Meta({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Box minW="0">
      <Text as="dt" fontSize="xs" color="fg.muted" mb="0.5">
        {label}
      </Text>
      <Box as="dd" fontSize="sm" data-testid={testId} wordBreak="break-word">
        {children}
      </Box>
    </Box>
  )
}

/**
 * The file of a document on its page: preview (thumbnail, first-page image or the text), processing
 * progress or the result (ready, duplicate of …, failed because …, with retry), file facts, download,
 * the linked asset or opportunity, and the extracted text.
 */
export function DocumentPanel({ record, onReplace }: { record: AnyRecord; onReplace?: (record: AnyRecord) => void }) {
  const doc = record as unknown as DocumentRecord & AnyRecord
  const user = useAtomValue(userAtom)
  const push = useAtomValue(documentProgressAtom)[doc.id]
  const forget = useSetAtom(forgetDocumentProgressAtom)
  const status = documentStatus(doc, push)
  const [retrying, setRetrying] = useState(false)
  const [downloading, setDownloading] = useState(false)
  const textFile = isTextMedia(doc.mediaType) && doc.hasFile
  const fileText = useFileText(doc.id, textFile, doc.version)
  const history = useHistory('documents', doc.id, doc.version)
  const role = user.role[0]
  const choice = retryChoice(doc, role, user.data?.id)
  const kind = kindLabel(doc.mediaType, doc.originalName)
  // The server keeps the extracted text for search; its detail answer may carry it as `text`.
  const servedText = typeof record.text === 'string' ? record.text : null
  const extractedSummary = (() => {
    for (const entry of history.items ?? []) {
      const change = entry.changes?.text
      if (Array.isArray(change) && typeof change[1] === 'string') return change[1]
    }
    return null
  })()

  const retry = async (force = false) => {
    setRetrying(true)
    try {
      const fresh = await retryDocument(doc.id, { force })
      forget(doc.id)
      onReplace?.(fresh as unknown as AnyRecord)
      showMessage('Processing was queued again.', 'success')
    } catch (error) {
      showMessage(errorMessage(error), 'error')
    } finally {
      setRetrying(false)
    }
  }

  const download = async () => {
    setDownloading(true)
    try {
      await downloadDocument(doc)
    } catch (error) {
      showMessage(errorMessage(error), 'error')
    } finally {
      setDownloading(false)
    }
  }

  let preview: ReactNode
  if (doc.hasThumbnail) {
    preview = <Thumbnail id={doc.id} version={doc.version} alt={doc.mediaType === 'application/pdf' ? `First page of ${doc.title}` : `Preview of ${doc.title}`} />
  } else if (textFile && fileText.text !== null) {
    preview = (
      <Box
        as="pre"
        fontSize="xs"
        fontFamily="mono"
        whiteSpace="pre-wrap"
        wordBreak="break-word"
        bg="bg.subtle"
        borderRadius="md"
        borderWidth="1px"
        borderColor="border.muted"
        p="3"
        maxH="420px"
        overflow="hidden"
        w="full"
        data-testid="doc-text-preview"
      >
        {fileText.text.slice(0, 2000)}
      </Box>
    )
  } else if (textFile && !fileText.error) {
    preview = <Skeleton w="full" h="48" borderRadius="md" />
  } else {
    const why = !doc.hasFile
      ? 'No file is stored for this document.'
      : !status.finished
        ? 'The preview is made while the document is processed.'
        : status.state === 'failed'
          ? 'No preview: processing failed.'
          : `No preview for ${kind === 'File' ? 'this kind of file' : `${kind.toLowerCase()}s`}.`
    preview = (
      <Stack align="center" justify="center" gap="2" py="10" px="4" bg="bg.subtle" borderRadius="md" w="full" textAlign="center" data-testid="doc-preview-none">
        <DocumentIcon boxSize="10" color="fg.subtle" />
        <Text fontSize="sm" fontWeight="medium">
          {kind}
        </Text>
        <Text fontSize="xs" color="fg.muted">
          {why}
        </Text>
      </Stack>
    )
  }

  return (
    <Stack gap="5" data-testid="doc-panel" data-state={status.state}>
      <Section panel="6" landmark={false}
        title="File"
        testId="doc-file"
        action={
          doc.hasFile ? (
            <Button size="sm" variant="outline" loading={downloading} onClick={() => void download()} data-testid="doc-download">
              <DownloadIcon /> Download
            </Button>
          ) : undefined
        }
      >
        <Grid templateColumns={{ base: '1fr', md: 'minmax(0, 320px) minmax(0, 1fr)' }} gap={{ base: '4', md: '6' }} alignItems="start">
          <Flex justify="center" data-testid="doc-preview">
            {preview}
          </Flex>
          <Stack gap="4" minW="0">
            {!status.finished && <ProcessingBar status={status} testId="doc-processing" />}
            {status.state === 'failed' && (
              <Alert.Root status="error" borderRadius="lg" data-testid="doc-failure">
                <Alert.Indicator />
                <Alert.Content>
                  <Alert.Title>Processing failed</Alert.Title>
                  <Alert.Description data-testid="doc-failure-reason">{status.failureReason ?? 'No reason was given.'}</Alert.Description>
                  {choice === 'admin-only' && (
                    <Text fontSize="xs" mt="1" data-testid="doc-retry-admin-only">
                      {ADMIN_ONLY_RETRY}
                    </Text>
                  )}
                </Alert.Content>
                {choice === 'retry' && (
                  <Button size="sm" variant="outline" loading={retrying} onClick={() => void retry()} data-testid="doc-retry">
                    <RefreshIcon /> Retry
                  </Button>
                )}
                {choice === 'force' && (
                  <Button
                    size="sm"
                    variant="outline"
                    loading={retrying}
                    onClick={() => void retry(true)}
                    title="This file went over a processing limit: retry it anyway (for example after raising the limit)."
                    data-testid="doc-force-retry"
                  >
                    <RefreshIcon /> Force retry
                  </Button>
                )}
              </Alert.Root>
            )}
            {status.state === 'ready' && status.duplicateOfId !== null && (
              <Alert.Root status="info" borderRadius="lg" data-testid="doc-duplicate">
                <Alert.Indicator />
                <Alert.Content>
                  <Alert.Title>The same file is already in the portal</Alert.Title>
                  <Alert.Description>
                    Duplicate of <RecordLink resource="documents" id={status.duplicateOfId} testId="doc-duplicate-link" />.
                  </Alert.Description>
                </Alert.Content>
              </Alert.Root>
            )}
            <Grid as="dl" templateColumns={{ base: '1fr', sm: 'repeat(2, minmax(0, 1fr))' }} columnGap="6" rowGap="3" data-testid="doc-file-meta">
              <Meta label="File name" testId="doc-meta-name">
                {doc.originalName ?? '—'}
              </Meta>
              <Meta label="Type" testId="doc-meta-type">
                {doc.mediaType ? `${kind} (${doc.mediaType})` : '—'}
              </Meta>
              <Meta label="Size" testId="doc-meta-size">
                {doc.size !== null && doc.size !== undefined ? formatBytes(doc.size) : '—'}
              </Meta>
              <Meta label="Pages" testId="doc-meta-pages">
                {typeof doc.pageCount === 'number' ? formatNumber(doc.pageCount) : '—'}
              </Meta>
              <Meta label="Uploaded" testId="doc-meta-uploaded">
                {formatDateTime(doc.createdAt)}
                {doc.uploadedBy ? ` by ${doc.uploadedBy.displayName}` : ''}
              </Meta>
              <Meta label="Linked to" testId="doc-linked">
                {doc.assetId === null && doc.leadId === null ? (
                  <Text as="span" color="fg.muted">
                    No asset or opportunity
                  </Text>
                ) : (
                  <Stack gap="0.5">
                    {doc.assetId !== null && <RecordLink resource="assets" id={doc.assetId} testId="doc-linked-asset" />}
                    {doc.leadId !== null && <RecordLink resource="leads" id={doc.leadId} testId="doc-linked-lead" />}
                  </Stack>
                )}
              </Meta>
            </Grid>
          </Stack>
        </Grid>
      </Section>

      <Section panel="6" landmark={false} title="Extracted text" testId="doc-extracted-text">
        {servedText !== null || (textFile && fileText.text !== null) ? (
          <Stack gap="2">
            <Box
              as="pre"
              fontSize="sm"
              fontFamily="mono"
              whiteSpace="pre-wrap"
              wordBreak="break-word"
              bg="bg.subtle"
              borderRadius="md"
              p="3"
              maxH="480px"
              overflowY="auto"
              tabIndex={0}
              data-testid="doc-text"
            >
              {servedText ?? fileText.text}
            </Box>
            {servedText === null && fileText.truncated && (
              <Text fontSize="xs" color="fg.muted">
                The first {formatNumber(TEXT_SHOWN)} characters are shown; download the file for the rest.
              </Text>
            )}
          </Stack>
        ) : (
          <Stack gap="2" fontSize="sm" data-testid="doc-text-summary">
            {!status.finished ? (
              <Text color="fg.muted">The text is read while the document is processed.</Text>
            ) : status.state === 'failed' ? (
              <Text color="fg.muted">No text: processing failed.</Text>
            ) : extractedSummary ? (
              <Text>
                {extractedSummary.replace(/^(\d+)/, (n) => formatNumber(Number(n)))} of text were extracted
                {typeof doc.pageCount === 'number' ? ` from ${doc.pageCount} ${doc.pageCount === 1 ? 'page' : 'pages'}` : ''}. The
                documents search finds this document by any word in it.
              </Text>
            ) : history.items ? (
              <Text color="fg.muted">No text was found in this file (a scanned page or a picture holds none).</Text>
            ) : (
              <Skeleton h="5" w="2/3" />
            )}
            {status.state === 'ready' && (
              <Link asChild color="brand.fg" fontSize="sm" alignSelf="flex-start">
                <RouterLink to="/documents" data-testid="doc-text-search">
                  <SearchIcon boxSize="3.5" /> Search the text inside documents
                </RouterLink>
              </Link>
            )}
          </Stack>
        )}
      </Section>
    </Stack>
  )
}

function DownloadIcon() {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden>
      <path d="M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4" />
      <path d="M7 10l5 5 5-5" />
      <path d="M12 15V3" />
    </svg>
  )
}
