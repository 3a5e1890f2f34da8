import { atom, useAtomValue, useSetAtom, type Atom } from 'jotai'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'

import {
  lastSeqFor,
  liveRecordsAtom,
  overlay,
  realtimeEpochAtom,
  recordEventLogAtom,
  type LiveEntry,
} from '@/data/live'
import { queryEntryAtom, queryKey, queryViewAtom, writeQueryAtom, writeRecordsAtom, type QueryEntry } from '@/data/cache'
import { recordBatchesAtom } from '@/data/record-batches'
import {
  fetchHistory,
  getRecord,
  listRecords,
  type AnyRecord,
  type HistoryEntry,
  type ListParams,
  type Page,
  type Resource,
} from '@/data/records'

import { rememberPeopleAtom } from './atoms'
import { RESOURCE_CONFIGS } from '@/config/records'

function personKeys(resource: Resource): string[] {
  return RESOURCE_CONFIGS[resource].columns.filter((c) => c.personKey).map((c) => c.personKey!)
}

const structuralAtoms = new Map<Resource, Atom<number>>()

/**
 * Per resource (made once): a counter that moves when a record is created or deleted there (one push
 * per record, or one per imported batch). Derived, so an update push, which leaves it as it was, does
 * not render what reads it.
 */
function structuralSeqAtom(resource: Resource): Atom<number> {
  let found = structuralAtoms.get(resource)
  if (!found) {
    found = atom((get) => lastSeqFor(get(recordEventLogAtom), resource, ['record.created', 'record.deleted']) + get(recordBatchesAtom)[resource] * 1_000_000)
    structuralAtoms.set(resource, found)
  }
  return found
}

/** Debounced "something was created or deleted here" counter, from the pushes (one per record, or one per imported batch). */
export function useStructuralChanges(resource: Resource, delay: number): number {
  const seq = useAtomValue(structuralSeqAtom(resource))
  const [settled, setSettled] = useState(seq)
  useEffect(() => {
    if (seq === settled) return
    const timer = setTimeout(() => setSettled(seq), delay)
    return () => clearTimeout(timer)
  }, [seq, settled, delay])
  return settled
}

export interface ListQuery {
  status: 'loading' | 'success' | 'error'
  /** The query whose rows are shown (the one answered last; its rows stay while another loads). */
  key: string
  /** Its ids and page figures, null before any answer; an update push leaves it as it was. */
  entry: QueryEntry | null
  error: unknown
  /** A refetch runs while the previous rows stay on screen. */
  refreshing: boolean
  reload: () => void
}

/**
 * One page of a list, kept current: refetched when the query changes, after every (re)connect
 * (so nothing pushed while offline is missed) and shortly after a record is created or deleted
 * anywhere (so new rows appear and deleted ones go). Updates are laid over the rows in place, in
 * the cache: what reads only this does not render again on an update push (the rows read
 * `useQueryRows(resource, key)`, or `useRecordList` gives both).
 */
export function useListQuery(resource: Resource, params: ListParams): ListQuery {
  const epoch = useAtomValue(realtimeEpochAtom)
  const structural = useStructuralChanges(resource, 1200)
  const remember = useSetAtom(rememberPeopleAtom)
  const writeQuery = useSetAtom(writeQueryAtom)
  const [attempt, setAttempt] = useState(0)
  const key = queryKey(resource, params)
  const asked = JSON.stringify(params)
  // The query answered last (its rows stay on screen while another one loads) and how it went.
  const [state, setState] = useState<{ status: ListQuery['status']; error: unknown; key: string }>({ status: 'loading', error: null, key: '' })
  // Which request the shown state answers: a newer one in flight means "refreshing".
  const token = `${key}#${epoch}#${structural}#${attempt}`
  const [answered, setAnswered] = useState('')

  useEffect(() => {
    const controller = new AbortController()
    listRecords(resource, JSON.parse(asked) as ListParams, controller.signal).then(
      (page) => {
        if (controller.signal.aborted) return
        const items = (page.items ?? []) as unknown as AnyRecord[]
        remember({ records: items, keys: personKeys(resource) })
        writeQuery({ key, resource, page: { ...page, items } })
        setState({ status: 'success', error: null, key })
        setAnswered(token)
      },
      (error: unknown) => {
        if (controller.signal.aborted) return
        setState((s) => ({ status: 'error', error, key: s.key === key ? key : '' }))
        setAnswered(token)
      },
    )
    return () => controller.abort()
  }, [resource, key, asked, token, remember, writeQuery])
  const refreshing = answered !== token

  const shownKey = state.key || key
  const entry = useAtomValue(queryEntryAtom(shownKey))
  const reload = useCallback(() => setAttempt((n) => n + 1), [])
  const status = state.key === key || state.status === 'error' ? state.status : entry ? 'success' : 'loading'
  return { status, key: shownKey, entry: state.status === 'error' && state.key !== key ? null : entry, error: state.error, refreshing, reload }
}

export interface ListResult {
  status: 'loading' | 'success' | 'error'
  page: Page<AnyRecord> | null
  error: unknown
  /** A refetch runs while the previous rows stay on screen. */
  refreshing: boolean
  reload: () => void
}

/** useListQuery with the page's rows as the cache knows them now (renders again on every push about them). */
export function useRecordList(resource: Resource, params: ListParams): ListResult {
  const { status, key, entry, error, refreshing, reload } = useListQuery(resource, params)
  const view = useAtomValue(queryViewAtom(key))
  const page = useMemo<Page<AnyRecord> | null>(() => (entry && view ? { ...view.meta, items: view.rows } : null), [entry, view])
  return { status, page, error, refreshing, reload }
}

export interface LiveRow {
  record: AnyRecord
  live: LiveEntry | null
  deleted: boolean
  /** A push about this row arrived a moment ago: the row glows. */
  flash: number | null
}

/** The last LiveRow made for a fetched record, with what it was made from (see useLiveRows). */
const rowCache = new WeakMap<AnyRecord, { entry: LiveEntry | undefined; mountedAt: number; row: LiveRow }>()

/**
 * The rows with the pushes laid over them. A row whose record and push did not change keeps its
 * LiveRow object, so a memoised row component skips it: a push re-renders only its own row.
 */
export function useLiveRows(resource: Resource, items: AnyRecord[] | undefined): LiveRow[] {
  const live = useAtomValue(liveRecordsAtom)[resource]
  // Only pushes that arrived while this page is open make a row glow (once, when they arrive).
  const [mountedAt] = useState(() => Date.now())
  return useMemo(() => {
    return (items ?? []).map((item) => {
      const entry = live?.[item.id]
      const cached = rowCache.get(item)
      if (cached && cached.entry === entry && cached.mountedAt === mountedAt) return cached.row
      const shown = overlay(item, live)
      const flash = entry && entry.at >= mountedAt ? entry.at : null
      const row = { record: shown.record, live: shown.live, deleted: shown.deleted, flash }
      rowCache.set(item, { entry, mountedAt, row })
      return row
    })
  }, [items, live, mountedAt])
}

/** The live rows of one cached list query: its rows now, with the pushes laid over them (useLiveRows). */
export function useQueryRows(resource: Resource, key: string): LiveRow[] {
  return useLiveRows(resource, useAtomValue(queryViewAtom(key))?.rows)
}

export interface DetailResult {
  status: 'loading' | 'success' | 'error'
  record: AnyRecord | null
  error: unknown
  /** What the latest push says, when it is newer than `record` (or the record was deleted). */
  live: LiveEntry | null
  deleted: boolean
  reload: () => void
  /** Replace the shown record (after a save or with a 409's `current`). */
  replace: (record: AnyRecord) => void
}

/** One record, refetched after every (re)connect; pushes about it are reported, not applied blindly. */
export function useRecordDetail(resource: Resource, id: number | null): DetailResult {
  const epoch = useAtomValue(realtimeEpochAtom)
  const remember = useSetAtom(rememberPeopleAtom)
  const liveAll = useAtomValue(liveRecordsAtom)[resource]
  const writeRecords = useSetAtom(writeRecordsAtom)
  const [attempt, setAttempt] = useState(0)
  const [state, setState] = useState<{ status: DetailResult['status']; record: AnyRecord | null; error: unknown }>({
    status: 'loading',
    record: null,
    error: null,
  })

  useEffect(() => {
    if (id === null) return
    const controller = new AbortController()
    getRecord(resource, id, controller.signal).then(
      (record) => {
        if (controller.signal.aborted) return
        const r = record as unknown as AnyRecord
        remember({ records: [r], keys: personKeys(resource) })
        writeRecords({ resource, rows: [r] })
        setState({ status: 'success', record: r, error: null })
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState((s) => ({ status: s.record ? s.status : 'error', record: s.record, error }))
      },
    )
    return () => controller.abort()
  }, [resource, id, epoch, attempt, remember, writeRecords])

  const entry = id !== null ? liveAll?.[id] : undefined
  const record = state.record
  const live = entry && record && (entry.deleted || entry.version > record.version) ? entry : null
  return {
    status: state.status,
    record,
    error: state.error,
    live,
    deleted: Boolean(live?.deleted),
    reload: useCallback(() => setAttempt((n) => n + 1), []),
    replace: useCallback(
      (r: AnyRecord) => {
        writeRecords({ resource, rows: [r] }) // a save's answer: every list showing the record follows
        setState({ status: 'success', record: r, error: null })
      },
      [resource, writeRecords],
    ),
  }
}

/** A record's history, refetched whenever the record's version changes. */
export function useHistory(resource: Resource, id: number | null, version: number | undefined) {
  const [state, setState] = useState<{ items: HistoryEntry[] | null; error: unknown }>({ items: null, error: null })
  const last = useRef<string>('')
  useEffect(() => {
    if (id === null || version === undefined) return
    const key = `${resource}/${id}@${version}`
    if (last.current === key) return
    last.current = key
    const controller = new AbortController()
    fetchHistory(resource, id, controller.signal).then(
      (items) => !controller.signal.aborted && setState({ items, error: null }),
      (error: unknown) => !controller.signal.aborted && setState((s) => ({ items: s.items, error })),
    )
    return () => {
      controller.abort()
      last.current = ''
    }
  }, [resource, id, version])
  return state
}
