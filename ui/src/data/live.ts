/**
 * Server-pushed state, kept in jotai atoms. The socket layer (data/socket.ts) writes here; pages read.
 * Pure reducers (tested) do the work; the atoms only hold their results.
 */
import { atom } from 'jotai'

import type { components } from '@/api/schema'

import { resetCacheAtom, writePushedAtom } from '@/data/cache'

import { isResource, RESOURCES, type AnyRecord, type Resource } from './records'

type RecordChanged = components['schemas']['RecordChanged']

export type RecordEventType = RecordChanged['type']

/** A `record` push; `record` (null when deleted) is read field by field, so it is an AnyRecord here. */
export type RecordEvent = Omit<RecordChanged, 'record'> & { record: AnyRecord | null }

export interface LiveEntry {
  id: number
  version: number
  record: AnyRecord | null
  deleted: boolean
  type: RecordEventType
  /** When the push arrived (ms since epoch): rows changed in the last seconds are highlighted. */
  at: number
  actorId: number | null
  changed: string[]
}

export type LiveRecords = Record<Resource, Record<number, LiveEntry>>

export interface LoggedEvent extends RecordEvent {
  at: number
  /** Increasing number of the push in this page load (a stable key). */
  seq: number
}

const EVENT_TYPES: readonly string[] = ['record.created', 'record.updated', 'record.deleted']

/** Validates a pushed payload; null when it is not a record event this UI understands. */
export function toRecordEvent(payload: unknown): RecordEvent | null {
  if (typeof payload !== 'object' || payload === null) return null
  const p = payload as Record<string, unknown>
  if (typeof p.type !== 'string' || !EVENT_TYPES.includes(p.type)) return null
  if (!isResource(p.resource)) return null
  const id = Number(p.id)
  const version = Number(p.version)
  if (!Number.isInteger(id) || !Number.isFinite(version)) return null
  const record =
    typeof p.record === 'object' && p.record !== null && p.type !== 'record.deleted'
      ? ({ ...(p.record as AnyRecord), id } as AnyRecord)
      : null
  if (p.type !== 'record.deleted' && record === null) return null
  return {
    type: p.type as RecordEventType,
    resource: p.resource,
    id,
    version,
    record,
    actorId: typeof p.actorId === 'number' ? p.actorId : null,
    changed: Array.isArray(p.changed) ? p.changed.filter((c): c is string => typeof c === 'string') : [],
  }
}

export const emptyLiveRecords = (): LiveRecords =>
  Object.fromEntries(RESOURCES.map((r) => [r, {}])) as unknown as LiveRecords

/** Entries kept per resource (oldest pushes are forgotten first). */
export const MAX_LIVE_ENTRIES = 500

/**
 * Applies one push. A push older than what is known (lower version) is ignored, except that a
 * deletion always wins.
 */
export function applyRecordEvent(state: LiveRecords, event: RecordEvent, now: number): LiveRecords {
  const current = state[event.resource] ?? {}
  const known = current[event.id]
  const deleted = event.type === 'record.deleted'
  if (known && !deleted && (known.deleted || known.version >= event.version)) return state
  const entry: LiveEntry = {
    id: event.id,
    version: event.version,
    record: deleted ? null : event.record,
    deleted,
    type: event.type,
    at: now,
    actorId: event.actorId,
    changed: event.changed,
  }
  let next: Record<number, LiveEntry> = { ...current, [event.id]: entry }
  const ids = Object.keys(next)
  if (ids.length > MAX_LIVE_ENTRIES) {
    const oldest = Object.values(next)
      .sort((a, b) => a.at - b.at)
      .slice(0, ids.length - MAX_LIVE_ENTRIES)
    next = { ...next }
    for (const e of oldest) delete next[e.id]
  }
  return { ...state, [event.resource]: next }
}

export interface Versioned {
  id: number
  version: number
}

export interface Overlaid<T> {
  record: T
  /** The push that produced the shown state, when it is newer than what was fetched. */
  live: LiveEntry | null
  deleted: boolean
}

/** A fetched record with what pushes say about it laid over (newer version wins; deleted wins). */
export function overlay<T extends Versioned>(item: T, live: Record<number, LiveEntry> | undefined): Overlaid<T> {
  const entry = live?.[item.id]
  if (!entry) return { record: item, live: null, deleted: false }
  if (entry.deleted) return { record: item, live: entry, deleted: true }
  if (entry.version > item.version && entry.record) {
    return { record: { ...item, ...(entry.record as unknown as T) }, live: entry, deleted: false }
  }
  return { record: item, live: null, deleted: false }
}

export const MAX_LOGGED_EVENTS = 50

export function logEvent(log: readonly LoggedEvent[], event: RecordEvent, now: number, seq: number): LoggedEvent[] {
  return [{ ...event, at: now, seq }, ...log].slice(0, MAX_LOGGED_EVENTS)
}

export type ConnectionStatus = 'idle' | 'connecting' | 'connected' | 'disconnected'

export interface RealtimeState {
  status: ConnectionStatus
  /** Counts (re)connections: pages refetch what they show when it changes, so nothing is missed. */
  epoch: number
  /** Last connection problem, for the status dot's tooltip. */
  error: string | null
}

export const realtimeStateAtom = atom<RealtimeState>({ status: 'idle', epoch: 0, error: null })

/** Derived: the reconnect counter alone (pages depend on it to refetch). */
export const realtimeEpochAtom = atom((get) => get(realtimeStateAtom).epoch)

export const liveRecordsAtom = atom<LiveRecords>(emptyLiveRecords())

/** The latest pushes, newest first (dashboard activity, list refetch triggers). */
export const recordEventLogAtom = atom<LoggedEvent[]>([])

let sequence = 0

/** Sends a client -> server event on the realtime socket (set while connected by data/socket.ts). */
type Emitter = (event: string, payload: unknown) => boolean
let emitter: Emitter | null = null

export function setRealtimeEmitter(fn: Emitter | null): void {
  emitter = fn
}

/** False when there is no connected socket (the event is dropped: presence and typing are momentary). */
export function emitRealtime(event: string, payload: unknown): boolean {
  return emitter ? emitter(event, payload) : false
}

/** Write-only: one push into every atom that keeps pushed state. */
export const receiveRecordEventAtom = atom(null, (get, set, event: RecordEvent) => {
  const now = Date.now()
  sequence += 1
  set(liveRecordsAtom, applyRecordEvent(get(liveRecordsAtom), event, now))
  set(writePushedAtom, event) // the one cache every page reads its rows from
  set(recordEventLogAtom, logEvent(get(recordEventLogAtom), event, now, sequence))
})

/** Write-only: forget every push (sign-out). */
export const resetRealtimeAtom = atom(null, (_get, set) => {
  set(liveRecordsAtom, emptyLiveRecords())
  set(recordEventLogAtom, [])
  set(resetCacheAtom)
  set(realtimeStateAtom, { status: 'idle', epoch: 0, error: null })
})

/** Derived per resource: the latest push sequence for that resource (a cheap "something changed" key). */
export function lastSeqFor(log: readonly LoggedEvent[], resource: Resource, types?: RecordEventType[]): number {
  const found = log.find((e) => e.resource === resource && (!types || types.includes(e.type)))
  return found ? found.seq : 0
}
