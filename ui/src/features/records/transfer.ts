/**
 * CSV and Excel: exports of a list as it is filtered, and imports of assets and opportunities
 * (the server checks a file in a worker; the page follows the job at /imports/{jobId}).
 */
import type { components } from '@/api/schema'
import { api, buildUrl, saveBlob } from '@/data/client'
import type { ListParams, Resource } from '@/data/records'

export type ExportFormat = 'csv' | 'xlsx'
export const IMPORTABLE: readonly Resource[] = ['assets', 'leads']

export type ImportState = components['schemas']['ImportState']
export const FINISHED: readonly ImportState[] = ['ready-to-commit', 'done', 'failed']

export type ImportRowError = components['schemas']['ImportRowError']

export interface ImportField {
  name: string
  required: boolean
}

export interface ImportPreview {
  headers: string[]
  mapping: Record<string, string>
  fields: ImportField[]
  rows: string[][]
  key: string
}

export interface ImportJob {
  jobId: string
  resource: Resource
  state: ImportState
  dryRun: boolean
  updateExisting: boolean
  fileName: string
  totalRows: number | null
  processedRows: number
  progress: { phase: string; processed: number; total: number | null } | null
  created: number
  updated: number
  errorCount: number
  errors: ImportRowError[]
  preview: ImportPreview | Record<string, never>
  message: string | null
}

export interface ImportOptions {
  dryRun: boolean
  updateExisting: boolean
  /** header -> field name ('' leaves the column out); only the person's choices need to be sent. */
  mapping?: Record<string, string>
}

export function hasPreview(job: ImportJob | null): job is ImportJob & { preview: ImportPreview } {
  return Boolean(job && Array.isArray((job.preview as ImportPreview).headers))
}

export function startImport(resource: Resource, file: File, options: ImportOptions): Promise<ImportJob> {
  const form = new FormData()
  form.append('file', file, file.name)
  form.append('dryRun', String(options.dryRun))
  form.append('updateExisting', String(options.updateExisting))
  if (options.mapping) form.append('mapping', JSON.stringify(options.mapping))
  return api.post<ImportJob>(`/${resource}/import`, form)
}

export function getImport(jobId: string, signal?: AbortSignal): Promise<ImportJob> {
  return api.get<ImportJob>(`/imports/${encodeURIComponent(jobId)}`, { signal })
}

export function commitImport(jobId: string): Promise<ImportJob> {
  return api.post<ImportJob>(`/imports/${encodeURIComponent(jobId)}/commit`)
}

const POLL_MS = 400

/** Follows a job until it is finished (ready, done or failed), reporting every state on the way. */
export async function followImport(job: ImportJob, onUpdate: (job: ImportJob) => void, signal: AbortSignal): Promise<ImportJob> {
  let current = job
  onUpdate(current)
  while (!FINISHED.includes(current.state)) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS))
    if (signal.aborted) throw new DOMException('aborted', 'AbortError')
    current = await getImport(current.jobId, signal)
    onUpdate(current)
  }
  return current
}

/** The export's address (query of the list as shown, without its paging). */
export function exportPath(resource: Resource, params: ListParams, format: ExportFormat): string {
  const query: Record<string, string | number | undefined> = { ...params, format, page: undefined, perPage: undefined, cursor: undefined }
  return buildUrl('', `/${resource}/export`, query).replace(/^\//, '')
}

/** Downloads every row the list's filters, sort and search find (through a blob URL: the token never goes in a link). */
export async function downloadExport(resource: Resource, params: ListParams, format: ExportFormat): Promise<void> {
  const blob = await api.download(exportPath(resource, params, format))
  saveBlob(blob, `${resource}-${new Date().toISOString().slice(0, 10)}.${format}`)
}
