/**
 * `records` pushes: many records created or updated at once (an import batch), one push per batch
 * instead of one per record. Lists and the dashboard refetch when a resource's counter moves.
 */
import { atom } from 'jotai'

import type { components } from '@/api/schema'

import { isResource, RESOURCES, type Resource } from './records'

/** A `records` push, without its type tag. */
export type RecordBatch = Omit<components['schemas']['RecordsChanged'], 'type'>

const ids = (value: unknown): number[] => (Array.isArray(value) ? value.filter((v): v is number => Number.isInteger(v)) : [])

/** Validates a pushed payload; null when it is not a batch this UI understands. */
export function toRecordBatch(payload: unknown): RecordBatch | null {
  if (typeof payload !== 'object' || payload === null) return null
  const p = payload as Record<string, unknown>
  if (p.type !== 'records.changed' || !isResource(p.resource)) return null
  return { resource: p.resource, created: ids(p.created), updated: ids(p.updated), actorId: typeof p.actorId === 'number' ? p.actorId : null }
}

export type BatchCounters = Record<Resource, number>

/** How many batches arrived per resource since the page loaded. */
export const recordBatchesAtom = atom<BatchCounters>(Object.fromEntries(RESOURCES.map((r) => [r, 0])) as BatchCounters)

export const receiveRecordBatchAtom = atom(null, (get, set, batch: RecordBatch) => {
  const counters = get(recordBatchesAtom)
  set(recordBatchesAtom, { ...counters, [batch.resource]: counters[batch.resource] + 1 })
})
