/**
 * The three record resources (assets, documents, opportunities/leads): types and API calls.
 * Shared by the dashboard and the record pages, so it lives in lib/.
 */
import { api } from '@/data/client'

export const RESOURCES = ['assets', 'documents', 'leads'] as const
export type Resource = (typeof RESOURCES)[number]

export function isResource(value: unknown): value is Resource {
  return typeof value === 'string' && (RESOURCES as readonly string[]).includes(value)
}

export interface UserRef {
  id: number
  displayName: string
  photoURL?: string | null
}

export interface RecordMeta {
  id: number
  version: number
  createdAt: string
  updatedAt: string
  createdBy: UserRef | null
  updatedBy: UserRef | null
}

export interface Asset extends RecordMeta {
  tag: string
  name: string
  category: string
  serialNumber: string | null
  department: string
  status: string
  risk: string
  location: string | null
  assignedTechnicianId: number | null
  assignedTechnician: UserRef | null
  nextInspection: string | null
  purchaseDate: string | null
  purchaseCost: number | null
  notes: string | null
  /** The last inspection ("Inspection done" in My work). */
  lastInspectedOn: string | null
  lastInspectionResult: 'GOOD' | 'BAD' | 'POOR' | null
  lastInspectionNote: string | null
  lastInspectionDocumentId: number | null
}

export interface DocumentRecord extends RecordMeta {
  title: string
  department: string
  assetId: number | null
  leadId: number | null
  notes: string | null
  originalName: string | null
  mediaType: string | null
  size: number | null
  sha256: string | null
  pageCount: number | null
  state: string
  failureReason: string | null
  progress: Record<string, unknown>
  duplicateOfId: number | null
  hasFile: boolean
  hasThumbnail: boolean
  uploadedBy: UserRef | null
}

export interface Lead extends RecordMeta {
  title: string
  clientCompany: string
  contactName: string | null
  contactEmail: string | null
  contactPhone: string | null
  estimatedValue: number
  stage: string
  lostReason: string | null
  probability: number
  /** The probability was set by a person: a move to another stage keeps it unless they take the stage's. */
  probabilityManual?: boolean
  risk: string
  department: string
  ownerId: number | null
  owner: UserRef | null
  expectedClose: string | null
  notes: string | null
}

export interface RecordOf {
  assets: Asset
  documents: DocumentRecord
  leads: Lead
}

/** Any record, with its fields reachable by name (the generic pages read fields from configuration). */
export type AnyRecord = RecordMeta & Record<string, unknown>

export interface Page<T> {
  items: T[]
  /** Exact up to the server's cap; beyond it `totalIsExact` is false ("10,000+"). */
  total: number
  totalIsExact?: boolean
  /** Null when the page was asked for by cursor. */
  page: number | null
  perPage: number
  /** Keyset cursors: the pages after the last row and before the first one (null at the ends). */
  nextCursor?: string | null
  prevCursor?: string | null
}

/** A piece of a snippet or a text page: matched words are marked, everything is plain text. */
export interface TextPart {
  text: string
  match: boolean
}

export interface Option {
  value: string
  label: string
  color?: string
  /** Stages: the probability (%) an opportunity takes there unless a person set it by hand. */
  probability?: number
}

/** GET /options */
export interface Options {
  statuses: Option[]
  risks: Option[]
  departments: Option[]
  stages: Option[]
  documentStates: Option[]
  assetCategories: Option[]
  roles: Option[]
}

export interface HistoryEntry {
  id: number
  action: 'create' | 'update' | 'delete'
  actor: UserRef | null
  at: string
  changes: Record<string, [unknown, unknown]>
}

export type ListParams = Record<string, string | number | undefined>

export const MAX_PER_PAGE = 100

function toOptionList(value: unknown): Option[] {
  if (!Array.isArray(value)) return []
  return value.flatMap((item) => {
    if (typeof item === 'string') return [{ value: item, label: item }]
    if (typeof item === 'object' && item !== null && 'value' in item) {
      const o = item as { value: unknown; label?: unknown; color?: unknown; probability?: unknown }
      const value = String(o.value)
      return [
        {
          value,
          label: typeof o.label === 'string' && o.label ? o.label : value,
          ...(typeof o.color === 'string' ? { color: o.color } : {}),
          ...(typeof o.probability === 'number' ? { probability: o.probability } : {}),
        },
      ]
    }
    return []
  })
}

/** Normalises GET /options (strings or {value, label}) into option lists. */
export function toOptions(body: unknown): Options {
  const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>
  return {
    statuses: toOptionList(b.statuses),
    risks: toOptionList(b.risks),
    departments: toOptionList(b.departments),
    stages: toOptionList(b.stages),
    documentStates: toOptionList(b.documentStates),
    assetCategories: toOptionList(b.assetCategories),
    roles: toOptionList(b.roles),
  }
}

let optionsCache: Promise<Options> | null = null

/** GET /options, fetched once per page load (the lists are fixed on the server). */
export function fetchOptions(signal?: AbortSignal): Promise<Options> {
  optionsCache ??= api.get<unknown>('/options').then(toOptions, (error: unknown) => {
    optionsCache = null
    throw error
  })
  if (!signal) return optionsCache
  return new Promise<Options>((resolve, reject) => {
    const onAbort = () => reject(new DOMException('Aborted', 'AbortError'))
    if (signal.aborted) return onAbort()
    signal.addEventListener('abort', onAbort, { once: true })
    optionsCache!.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort))
  })
}

/** For tests: forget the cached option lists. */
export function resetOptionsCache(): void {
  optionsCache = null
}

export function listRecords<R extends Resource>(
  resource: R,
  params: ListParams,
  signal?: AbortSignal,
): Promise<Page<RecordOf[R]>> {
  return api.get<Page<RecordOf[R]>>(`/${resource}`, { query: params, signal })
}

/**
 * Every record of a list (page after page of 100), up to `limit` records.
 * `complete` is false when the list holds more than the limit.
 */
export async function listAll<R extends Resource>(
  resource: R,
  params: ListParams,
  signal?: AbortSignal,
  limit = 2000,
): Promise<{ items: RecordOf[R][]; total: number; complete: boolean }> {
  const items: RecordOf[R][] = []
  let page = 1
  let total: number
  for (;;) {
    const answer = await listRecords(resource, { ...params, page, perPage: MAX_PER_PAGE }, signal)
    total = answer.total
    items.push(...answer.items)
    if (answer.items.length < MAX_PER_PAGE || items.length >= total || items.length >= limit) break
    page += 1
  }
  return { items, total, complete: items.length >= total }
}

export function getRecord<R extends Resource>(resource: R, id: number, signal?: AbortSignal): Promise<RecordOf[R]> {
  return api.get<RecordOf[R]>(`/${resource}/${id}`, { signal })
}

export function createRecord<R extends Resource>(resource: R, body: Record<string, unknown>): Promise<RecordOf[R]> {
  return api.post<RecordOf[R]>(`/${resource}`, body)
}

/** PATCH with the version the edit was based on; a stale version answers 409 with `current`. */
export function updateRecord<R extends Resource>(
  resource: R,
  id: number,
  version: number,
  changes: Record<string, unknown>,
): Promise<RecordOf[R]> {
  return api.patch<RecordOf[R]>(`/${resource}/${id}`, { id, version, ...changes })
}

export function deleteRecord(resource: Resource, id: number): Promise<unknown> {
  return api.delete<unknown>(`/${resource}/${id}`)
}

export async function fetchHistory(resource: Resource, id: number, signal?: AbortSignal): Promise<HistoryEntry[]> {
  const answer = await api.get<{ items: HistoryEntry[] }>(`/${resource}/${id}/history`, { signal })
  return Array.isArray(answer?.items) ? answer.items : []
}

/** The singular noun shown in the UI. */
export const RESOURCE_LABELS: Record<Resource, { one: string; many: string; path: string }> = {
  assets: { one: 'asset', many: 'Assets', path: '/assets' },
  documents: { one: 'document', many: 'Documents', path: '/documents' },
  leads: { one: 'opportunity', many: 'Opportunities', path: '/leads' },
}
