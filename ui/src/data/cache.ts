/**
 * The one server-state cache for records: every fetched row and every pushed `record` event is
 * written here, keyed by resource and id, and each list query (keyed by resource and its
 * parameters) keeps only the ids it answered. A page reads its rows through the query, so a
 * record pushed once updates every page that shows it (lists, boards, the dashboard).
 *
 * Pure reducers (tested) do the work; jotai atoms hold the result. Conditional refetches
 * (If-None-Match / 304) stay in the API client: an unchanged answer parses to the same rows, and
 * `writeRows` keeps the cached object of every row whose version did not move, so memoised rows
 * do not re-render.
 */
import { atom, type Atom } from 'jotai'

import { RESOURCES, type AnyRecord, type Page, type Resource } from './records'

/** What the cache knows about one record. */
export interface CachedRecord {
  record: AnyRecord
  /** A `record.deleted` push arrived (rows keep their last state until their list refetches). */
  deleted: boolean
}

export type RecordTable = Record<number, CachedRecord>
export type RecordTables = Record<Resource, RecordTable>

/** One list answer: the ids it held, in order, and its page figures (total, cursors). */
export interface QueryEntry {
  resource: Resource
  ids: number[]
  meta: Omit<Page<AnyRecord>, 'items'>
  fetchedAt: number
}

export type QueryTable = Record<string, QueryEntry>

export interface CacheState {
  records: RecordTables
  queries: QueryTable
}

/** Queries kept (least recently written are forgotten first) and records kept per resource. */
export const MAX_QUERIES = 60
export const MAX_RECORDS = 5000

export const emptyCache = (): CacheState => ({
  records: Object.fromEntries(RESOURCES.map((r) => [r, {}])) as unknown as RecordTables,
  queries: {},
})

/** The key of a list query: the same resource and parameters (in any order) share one entry. */
export function queryKey(resource: Resource, params: Record<string, unknown>): string {
  const keys = Object.keys(params)
    .filter((k) => params[k] !== undefined && params[k] !== null && params[k] !== '')
    .sort()
  return `${resource}?${keys.map((k) => `${k}=${String(params[k])}`).join('&')}`
}

const versionOf = (record: AnyRecord): number => (typeof record.version === 'number' ? record.version : 0)

/**
 * Writes fetched rows. A row whose cached version is the same or newer (a push that overtook the
 * fetch) keeps the cached object; a deleted record stays deleted.
 */
export function writeRows(tables: RecordTables, resource: Resource, rows: readonly AnyRecord[]): RecordTables {
  const current = tables[resource]
  let next: RecordTable | null = null
  for (const row of rows) {
    const known = current[row.id]
    if (known && (known.deleted || versionOf(known.record) >= versionOf(row))) continue
    next ??= { ...current }
    next[row.id] = { record: row, deleted: false }
  }
  return next ? { ...tables, [resource]: next } : tables
}

/** A pushed record: newer versions replace the cached one (merged, so fields a push omits stay). */
export function writePushed(tables: RecordTables, resource: Resource, id: number, version: number, record: AnyRecord | null): RecordTables {
  const current = tables[resource]
  const known = current[id]
  if (record === null) {
    if (!known || known.deleted) return tables
    return { ...tables, [resource]: { ...current, [id]: { record: known.record, deleted: true } } }
  }
  if (known && (known.deleted || versionOf(known.record) >= version)) return tables
  const merged = { ...(known?.record ?? {}), ...record, id, version } as AnyRecord
  return { ...tables, [resource]: { ...current, [id]: { record: merged, deleted: false } } }
}

/** Drops the oldest queries past MAX_QUERIES and records no query holds past MAX_RECORDS. */
function prune(state: CacheState): CacheState {
  let { queries, records } = state
  const keys = Object.keys(queries)
  if (keys.length > MAX_QUERIES) {
    const kept = keys.sort((a, b) => queries[b].fetchedAt - queries[a].fetchedAt).slice(0, MAX_QUERIES)
    queries = Object.fromEntries(kept.map((k) => [k, state.queries[k]]))
  }
  for (const resource of RESOURCES) {
    const table = records[resource]
    if (Object.keys(table).length <= MAX_RECORDS) continue
    const held = new Set(Object.values(queries).flatMap((q) => (q.resource === resource ? q.ids : [])))
    records = { ...records, [resource]: Object.fromEntries(Object.entries(table).filter(([id]) => held.has(Number(id)))) }
  }
  return queries === state.queries && records === state.records ? state : { queries, records }
}

/** A list answer: its rows go to the records, its ids and figures to the query. */
export function writeQuery(state: CacheState, key: string, resource: Resource, page: Page<AnyRecord>, now: number): CacheState {
  const { items, ...meta } = page
  const records = writeRows(state.records, resource, items)
  const queries = { ...state.queries, [key]: { resource, ids: items.map((r) => r.id), meta, fetchedAt: now } }
  return prune({ records, queries })
}

/** The rows of a query as the cache knows them now (fetched, with every newer push). */
export function rowsOf(state: CacheState, key: string): AnyRecord[] | null {
  const query = state.queries[key]
  if (!query) return null
  const table = state.records[query.resource]
  return query.ids.flatMap((id) => (table[id] ? [table[id].record] : []))
}

export const cacheAtom = atom<CacheState>(emptyCache())

/** Write-only: a list answer. */
export const writeQueryAtom = atom(null, (get, set, args: { key: string; resource: Resource; page: Page<AnyRecord> }) => {
  set(cacheAtom, writeQuery(get(cacheAtom), args.key, args.resource, args.page, Date.now()))
})

/** Write-only: single fetched records (a record page, a save's answer, a 409's `current`). */
export const writeRecordsAtom = atom(null, (get, set, args: { resource: Resource; rows: readonly AnyRecord[] }) => {
  const state = get(cacheAtom)
  const records = writeRows(state.records, args.resource, args.rows)
  if (records !== state.records) set(cacheAtom, { ...state, records })
})

/** Write-only: a pushed record event (null record: deleted). */
export const writePushedAtom = atom(
  null,
  (get, set, push: { resource: Resource; id: number; version: number; record: AnyRecord | null }) => {
    const state = get(cacheAtom)
    const records = writePushed(state.records, push.resource, push.id, push.version, push.record)
    if (records !== state.records) set(cacheAtom, { ...state, records })
  },
)

/** Write-only: forget everything (sign-out). */
export const resetCacheAtom = atom(null, (_get, set) => set(cacheAtom, emptyCache()))

export interface QueryView {
  rows: AnyRecord[]
  meta: QueryEntry['meta']
}

const views = new Map<string, Atom<QueryView | null>>()

/**
 * The rows and figures of one query (one atom per key, made once): a push that changes a record the
 * query holds gives a new rows array, in which every other row keeps its object.
 */
export function queryViewAtom(key: string): Atom<QueryView | null> {
  let view = views.get(key)
  if (!view) {
    let last: QueryView | null = null
    view = atom((get) => {
      const state = get(cacheAtom)
      const query = state.queries[key]
      if (!query) return (last = null)
      const rows = rowsOf(state, key) ?? []
      if (last && last.meta === query.meta && last.rows.length === rows.length && last.rows.every((r, i) => r === rows[i])) return last
      return (last = { rows, meta: query.meta })
    })
    views.set(key, view)
  }
  return view
}

const entries = new Map<string, Atom<QueryEntry | null>>()

/**
 * One query's ids and figures without its rows (one atom per key, made once): a push that changes a
 * record leaves it as it was, so what reads only this (a list's frame: pagination, totals) does not
 * render again; the rows subscribe through queryViewAtom.
 */
export function queryEntryAtom(key: string): Atom<QueryEntry | null> {
  let entry = entries.get(key)
  if (!entry) {
    entry = atom((get) => get(cacheAtom).queries[key] ?? null)
    entries.set(key, entry)
  }
  return entry
}

const records = new Map<string, Atom<CachedRecord | undefined>>()

/** One cached record (one atom per resource and id, made once): fetched or pushed, newest version. */
export function cachedRecordAtom(resource: Resource, id: number): Atom<CachedRecord | undefined> {
  const key = `${resource}/${id}`
  let found = records.get(key)
  if (!found) {
    found = atom((get) => get(cacheAtom).records[resource][id])
    records.set(key, found)
  }
  return found
}
