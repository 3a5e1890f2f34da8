/**
 * The three record resources (assets, documents, opportunities/leads): types and API calls.
 * Shared by the dashboard and the record pages, so it lives in lib/.
 */
import * as limits from '@/api/limits'
import type { components } from '@/api/schema'
import { api } from '@/data/client'

/** The record resources, as the `record` event declares them. */
export const RESOURCES = limits.RecordChanged.resource.enum
export type Resource = components['schemas']['RecordChanged']['resource']

export function isResource(value: unknown): value is Resource {
  return typeof value === 'string' && (RESOURCES as readonly string[]).includes(value)
}

type Schemas = components['schemas']

export type UserRef = Schemas['UserRef']

/** What every record answer carries besides its own fields. */
export type RecordMeta = Pick<Schemas['AssetPublic'], 'id' | 'version' | 'createdAt' | 'updatedAt' | 'createdBy' | 'updatedBy'>

export type Asset = Schemas['AssetPublic']
export type DocumentRecord = Schemas['DocumentPublic']
export type Lead = Schemas['LeadPublic']

export interface RecordOf {
  assets: Asset
  documents: DocumentRecord
  leads: Lead
}

/** Any record, with its fields reachable by name (the generic pages read fields from configuration). */
export type AnyRecord = RecordMeta & Record<string, unknown>

/** A page of a list (GET /assets, /documents, /leads): `total` is exact up to the server's cap; beyond
 * it `totalIsExact` is false ("10,000+"); `page` is null when asked for by cursor. */
export type Page<T> = Omit<Schemas['AssetPage'], 'items'> & { items: T[] }

/** A piece of a snippet or a text page: matched words are marked, everything is plain text. */
export type TextPart = Schemas['TextSegment']

/** One choice of GET /options; statuses carry a colour, stages the probability (%) an opportunity takes
 * there unless a person set it by hand. */
export type Option = Schemas['Option'] & Partial<Pick<Schemas['StatusOption'], 'color'>> & Partial<Pick<Schemas['StageOption'], 'probability'>>

/** GET /options, each list normalised to `Option`s. */
export type Options = { [K in keyof Schemas['Options']]: Option[] }

/** A record's history entry: `changes` maps each field to [before, after]. */
export type HistoryEntry = Schemas['ChangePublic']

export type ListParams = Record<string, string | number | undefined>

/** The most rows a list call gives at once (the server's perPage maximum). */
export const MAX_PER_PAGE = limits.queryLimits['/assets'].get.perPage.maximum

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
  const answer = await api.get<Schemas['History']>(`/${resource}/${id}/history`, { signal })
  return Array.isArray(answer?.items) ? answer.items : []
}

/** The singular noun shown in the UI. */
export const RESOURCE_LABELS: Record<Resource, { one: string; many: string; path: string }> = {
  assets: { one: 'asset', many: 'Assets', path: '/assets' },
  documents: { one: 'document', many: 'Documents', path: '/documents' },
  leads: { one: 'opportunity', many: 'Opportunities', path: '/leads' },
}
