/**
 * Document files: upload (the API client's upload, with progress), the stored file and its
 * preview (the client's download, shown through blob URLs), and retrying processing.
 * The record calls (list, read, edit) are the generic ones in records.ts.
 */
import { acceptedFiles } from '@/api/limits'
import { api, saveBlob, type UploadProgress, type XhrFactory } from '@/data/client'
import type { Role } from '@/lib/auth'
import { isManager } from '@/lib/permissions'
import type { DocumentRecord } from './records'

/** What the server keeps (it checks the content too; this only spares a useless transfer). */
export const ACCEPTED_EXTENSIONS = acceptedFiles['/documents/upload'].post.accept

export const ACCEPT_ATTRIBUTE = ACCEPTED_EXTENSIONS.join(',')

export const ACCEPTED_SUMMARY = acceptedFiles['/documents/upload'].post.summary

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.')
  return dot > 0 ? name.slice(dot).toLowerCase() : ''
}

/** Null when the name is acceptable, else why not (the server has the last word). */
export function checkFileName(name: string): string | null {
  return (ACCEPTED_EXTENSIONS as readonly string[]).includes(extensionOf(name))
    ? null
    : `'${name}' is not a kind of file the portal keeps. Upload ${ACCEPTED_SUMMARY}.`
}

export interface UploadFields {
  department: string
  title?: string
  assetId?: number | null
  leadId?: number | null
  notes?: string
}

export interface UploadOptions {
  onProgress?: (progress: UploadProgress) => void
  signal?: AbortSignal
  /** A stand-in XMLHttpRequest (tests). */
  xhr?: XhrFactory
}

export function uploadForm(files: File[], fields: UploadFields, titles?: string[]): FormData {
  const form = new FormData()
  form.append('department', fields.department)
  if (titles && titles.length === files.length && titles.some((t) => t.trim())) {
    for (const title of titles) form.append('title', title.trim())
  } else if (fields.title?.trim()) {
    form.append('title', fields.title.trim())
  }
  if (fields.assetId !== undefined && fields.assetId !== null) form.append('assetId', String(fields.assetId))
  if (fields.leadId !== undefined && fields.leadId !== null) form.append('leadId', String(fields.leadId))
  if (fields.notes?.trim()) form.append('notes', fields.notes.trim())
  for (const file of files) form.append('file', file, file.name)
  return form
}

/**
 * POST /documents/upload: answers the created records (each `queued`). A 401 refreshes the tokens
 * once and sends again; other refusals throw an ApiError with the server's message (401/403, 413
 * too large or too many, 415 type not accepted or content not matching the name, 422, 507).
 */
export async function uploadDocuments(
  files: File[],
  fields: UploadFields,
  options: UploadOptions & { titles?: string[] } = {},
): Promise<DocumentRecord[]> {
  const { titles, ...transfer } = options
  const body = await api.upload<{ items?: unknown } | undefined>('/documents/upload', uploadForm(files, fields, titles), transfer)
  const items = body?.items
  return Array.isArray(items) ? (items as DocumentRecord[]) : []
}

/** The stored preview (PNG, at most 320 px) of a document with `hasThumbnail`. */
export function fetchThumbnail(id: number, signal?: AbortSignal): Promise<Blob> {
  return api.download(`/documents/${id}/thumbnail`, { signal })
}

export function fetchDocumentFile(id: number, signal?: AbortSignal): Promise<Blob> {
  return api.download(`/documents/${id}/file`, { signal })
}

/** Saves the stored file under its original name (through a blob URL: the token never goes in a link). */
export async function downloadDocument(doc: Pick<DocumentRecord, 'id' | 'originalName' | 'title'>): Promise<void> {
  saveBlob(await fetchDocumentFile(doc.id), doc.originalName || doc.title || `document-${doc.id}`)
}

/**
 * POST /documents/{id}/retry (the uploader, a manager or an admin; 409 unless failed). A document
 * that went over a processing limit answers 409 unless an admin sends `force`.
 */
export function retryDocument(id: number, options: { force?: boolean } = {}): Promise<DocumentRecord> {
  return api.post<DocumentRecord>(`/documents/${id}/retry${options.force ? '?force=true' : ''}`)
}

/** The processing limit a failed document went over ('memory', 'cpu', 'archive', ...), if any. */
export function limitOf(doc: { state?: unknown; progress?: unknown }): string | null {
  if (doc.state !== 'failed' || typeof doc.progress !== 'object' || doc.progress === null) return null
  const limit = (doc.progress as Record<string, unknown>).limit
  return typeof limit === 'string' && limit ? limit : null
}

/**
 * What the retry control of a failed document offers a user: a plain retry, a forced retry (admins,
 * for a file over a limit), a note that only an admin can retry it, or nothing.
 */
export type RetryChoice = 'retry' | 'force' | 'admin-only' | 'none'

export const ADMIN_ONLY_RETRY = 'This file went over a processing limit, so retrying it would fail the same way. Only an admin can force a retry.'

export function retryChoice(
  doc: Record<string, unknown>,
  role: Role | undefined,
  userId: string | number | null | undefined,
): RetryChoice {
  if (doc.state !== 'failed' || doc.hasFile === false) return 'none'
  const uploader = (doc.uploadedBy as { id?: unknown } | null | undefined)?.id
  const allowed = isManager(role) || (uploader !== undefined && uploader !== null && String(uploader) === String(userId ?? ''))
  if (!allowed) return 'none'
  if (limitOf(doc) === null) return 'retry'
  return role === 'admin' ? 'force' : 'admin-only'
}

/** Text kinds: the file itself is the extracted text. */
export function isTextMedia(mediaType: string | null | undefined): boolean {
  return typeof mediaType === 'string' && /^text\//.test(mediaType)
}

/** 'application/pdf' -> 'PDF', for labels. */
export function kindLabel(mediaType: string | null | undefined, name?: string | null): string {
  const type = mediaType ?? ''
  if (type === 'application/pdf') return 'PDF'
  if (type.startsWith('image/')) return `${type.slice(6).toUpperCase()} image`
  if (type === 'text/csv') return 'CSV text'
  if (type === 'text/markdown') return 'Markdown text'
  if (type.startsWith('text/')) return 'Text'
  if (type.includes('wordprocessingml')) return 'Word document'
  if (type.includes('spreadsheetml')) return 'Excel workbook'
  if (type.includes('presentationml')) return 'PowerPoint presentation'
  const ext = name ? extensionOf(name) : ''
  return ext ? ext.slice(1).toUpperCase() : 'File'
}
