/**
 * Document processing progress: the `document-progress` pushes (one per stage the worker reaches)
 * kept per document id, and what to show for a document given its record and the latest push.
 * Pure functions (tested) + the atoms the socket layer writes.
 */
import { atom } from 'jotai'

import * as enums from '@/api/enums'
import * as limits from '@/api/limits'
import type { components } from '@/api/schema'

type Progress = components['schemas']['DocumentProgress']

export const DOCUMENT_STATES = enums.DocumentState
export type DocumentState = Progress['state']

export const DOCUMENT_STAGES = limits.DocumentProgress.stage.enum
export type DocumentStage = Progress['stage']

/** A `document-progress` push; `at` is when it arrived here (ms since epoch). */
export type DocumentProgressPush = Omit<Progress, 'type'> & { at: number }

const isState = (v: unknown): v is DocumentState => typeof v === 'string' && (DOCUMENT_STATES as readonly string[]).includes(v)
const isStage = (v: unknown): v is DocumentStage => typeof v === 'string' && (DOCUMENT_STAGES as readonly string[]).includes(v)
const clampPercent = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? Math.max(0, Math.min(100, Math.round(v))) : 0)

/** Validates a pushed payload; null when it is not a progress event this UI understands. */
export function toDocumentProgress(payload: unknown, now = Date.now()): DocumentProgressPush | null {
  if (typeof payload !== 'object' || payload === null) return null
  const p = payload as Record<string, unknown>
  if (p.type !== undefined && p.type !== 'document.progress') return null
  const id = Number(p.id)
  if (!Number.isInteger(id) || !isState(p.state) || !isStage(p.stage)) return null
  return {
    id,
    state: p.state,
    stage: p.stage,
    percent: clampPercent(p.percent),
    message: typeof p.message === 'string' ? p.message : '',
    attempt: typeof p.attempt === 'number' ? p.attempt : 1,
    uploadedById: typeof p.uploadedById === 'number' ? p.uploadedById : null,
    at: now,
  }
}

export type DocumentProgressMap = Record<number, DocumentProgressPush>

/** Entries kept (the oldest pushes are forgotten first). */
export const MAX_PROGRESS_ENTRIES = 500

/** The latest push per document. */
export function applyDocumentProgress(state: DocumentProgressMap, push: DocumentProgressPush): DocumentProgressMap {
  let next: DocumentProgressMap = { ...state, [push.id]: push }
  const entries = Object.values(next)
  if (entries.length > MAX_PROGRESS_ENTRIES) {
    next = {}
    for (const e of entries.sort((a, b) => b.at - a.at).slice(0, MAX_PROGRESS_ENTRIES)) next[e.id] = e
  }
  return next
}

export const documentProgressAtom = atom<DocumentProgressMap>({})

export const receiveDocumentProgressAtom = atom(null, (get, set, push: DocumentProgressPush) => {
  set(documentProgressAtom, applyDocumentProgress(get(documentProgressAtom), push))
})

/** Forget a document's pushes (e.g. after asking for a retry: the old 'failed' push is over). */
export const forgetDocumentProgressAtom = atom(null, (get, set, id: number) => {
  const current = get(documentProgressAtom)
  if (!(id in current)) return
  const next = { ...current }
  delete next[id]
  set(documentProgressAtom, next)
})

/** The part of a document record this module reads. */
export interface DocumentLike {
  id: number
  version?: number
  state?: unknown
  progress?: unknown
  failureReason?: unknown
  duplicateOfId?: unknown
}

export interface DocumentStatus {
  state: DocumentState
  stage: DocumentStage
  percent: number
  message: string
  attempt: number
  /** ready or failed: nothing more will happen without a retry. */
  finished: boolean
  failureReason: string | null
  duplicateOfId: number | null
}

const ORDER: Record<DocumentState, number> = { queued: 0, processing: 1, ready: 2, failed: 2 }

const DEFAULT_STAGE: Record<DocumentState, DocumentStage> = { queued: 'queued', processing: 'received', ready: 'done', failed: 'failed' }

export const STAGE_LABELS: Record<DocumentStage, string> = {
  queued: 'Waiting for a worker',
  received: 'File received',
  'type-check': 'Checking the file type',
  text: 'Reading the text',
  thumbnail: 'Making the preview',
  done: 'Ready',
  failed: 'Failed',
  retrying: 'Trying again shortly',
}

/**
 * What to show for a document: its record (read on page load, then replaced by newer versions)
 * with the latest progress push laid over. Progress pushes change no version, so:
 * - a finished record (ready/failed) wins over a push of another state (an older push);
 * - an active record takes the push when the push is as far or further along (the record push
 *   of the same step may not have arrived yet).
 */
export function documentStatus(record: DocumentLike, push: DocumentProgressPush | null | undefined): DocumentStatus {
  const state: DocumentState = isState(record.state) ? record.state : 'ready'
  const progress = (typeof record.progress === 'object' && record.progress !== null ? record.progress : {}) as Record<string, unknown>
  const failureReason = typeof record.failureReason === 'string' && record.failureReason ? record.failureReason : null
  const duplicateOfId = typeof record.duplicateOfId === 'number' ? record.duplicateOfId : null
  const fromRecord: DocumentStatus = {
    state,
    stage: isStage(progress.stage) ? progress.stage : DEFAULT_STAGE[state],
    percent: typeof progress.percent === 'number' ? clampPercent(progress.percent) : state === 'ready' || state === 'failed' ? 100 : 0,
    message: typeof progress.message === 'string' && progress.message ? progress.message : '',
    attempt: typeof progress.attempt === 'number' ? progress.attempt : 1,
    finished: state === 'ready' || state === 'failed',
    failureReason: state === 'failed' ? (failureReason ?? (typeof progress.message === 'string' ? progress.message : null)) : null,
    duplicateOfId,
  }
  // A record's progress may belong to an earlier run (e.g. a 'failed' progress on a re-queued record).
  if (fromRecord.stage === 'done' && state !== 'ready') fromRecord.stage = DEFAULT_STAGE[state]
  if (fromRecord.stage === 'failed' && state !== 'failed') fromRecord.stage = DEFAULT_STAGE[state]
  if (!push || push.id !== record.id) return fromRecord
  const recordFinished = fromRecord.finished
  const usePush = recordFinished ? push.state === state : ORDER[push.state] >= ORDER[state]
  if (!usePush) return fromRecord
  const finished = push.state === 'ready' || push.state === 'failed'
  return {
    state: push.state,
    stage: push.stage,
    percent: push.percent,
    message: push.message || fromRecord.message,
    attempt: push.attempt,
    finished,
    failureReason: push.state === 'failed' ? (failureReason ?? (push.message || null)) : null,
    duplicateOfId,
  }
}

/** One line for a status: 'Reading the text (50%)', 'Ready', 'Failed: <reason>'. */
export function statusText(status: DocumentStatus): string {
  if (status.state === 'failed') return `Failed: ${status.failureReason ?? 'processing failed.'}`
  if (status.state === 'ready') return status.duplicateOfId !== null ? `Ready · duplicate of document #${status.duplicateOfId}` : 'Ready'
  const label = status.message || STAGE_LABELS[status.stage]
  return status.attempt > 1 ? `${label} (attempt ${status.attempt})` : label
}
