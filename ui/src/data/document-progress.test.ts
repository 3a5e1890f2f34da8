import { describe, expect, it } from 'vitest'

import {
  applyDocumentProgress,
  documentStatus,
  MAX_PROGRESS_ENTRIES,
  statusText,
  toDocumentProgress,
  type DocumentProgressPush,
} from './document-progress'

const push = (id: number, state: DocumentProgressPush['state'], stage: DocumentProgressPush['stage'], percent: number, extra: Partial<DocumentProgressPush> = {}): DocumentProgressPush => ({
  id,
  state,
  stage,
  percent,
  message: `${stage}.`,
  attempt: 1,
  uploadedById: 3,
  at: 1,
  ...extra,
})

describe('document progress pushes', () => {
  it('accepts the server payload and refuses anything else', () => {
    const payload = { type: 'document.progress', id: 7, state: 'processing', stage: 'text', percent: 50, message: 'Reading the text.', attempt: 2, uploadedById: 3 }
    expect(toDocumentProgress(payload, 99)).toEqual({ ...payload, type: undefined, at: 99 } as unknown as DocumentProgressPush)
    expect(toDocumentProgress({ ...payload, percent: 250 }, 1)?.percent).toBe(100)
    expect(toDocumentProgress({ ...payload, stage: 'dancing' })).toBeNull()
    expect(toDocumentProgress({ ...payload, state: 'gone' })).toBeNull()
    expect(toDocumentProgress({ ...payload, type: 'record.updated' })).toBeNull()
    expect(toDocumentProgress({ ...payload, id: 'x' })).toBeNull()
    expect(toDocumentProgress(null)).toBeNull()
  })

  it('keeps the latest push per document, and a bounded number of documents', () => {
    let state = applyDocumentProgress({}, push(1, 'processing', 'text', 50))
    state = applyDocumentProgress(state, push(1, 'processing', 'thumbnail', 80))
    expect(state[1].stage).toBe('thumbnail')
    for (let id = 2; id <= MAX_PROGRESS_ENTRIES + 5; id += 1) state = applyDocumentProgress(state, push(id, 'queued', 'queued', 0, { at: id }))
    expect(Object.keys(state)).toHaveLength(MAX_PROGRESS_ENTRIES)
    expect(state[MAX_PROGRESS_ENTRIES + 5]).toBeDefined()
  })
})

describe('documentStatus', () => {
  const queued = { id: 1, version: 1, state: 'queued', progress: { stage: 'queued', percent: 0, message: 'Waiting for a worker.', attempt: 1 } }

  it('reads the record progress on page load', () => {
    const status = documentStatus({ ...queued, state: 'processing', progress: { stage: 'text', percent: 50, message: 'Reading the text.', attempt: 2 } }, null)
    expect(status).toMatchObject({ state: 'processing', stage: 'text', percent: 50, attempt: 2, finished: false })
    expect(statusText(status)).toBe('Reading the text. (attempt 2)')
  })

  it('follows the pushes of an active record, also ahead of its record push', () => {
    expect(documentStatus(queued, push(1, 'processing', 'type-check', 25))).toMatchObject({ state: 'processing', stage: 'type-check', percent: 25 })
    expect(documentStatus(queued, push(1, 'ready', 'done', 100))).toMatchObject({ state: 'ready', finished: true })
    // An older push than the record says (queued after processing) is not shown.
    expect(documentStatus({ ...queued, state: 'processing', progress: { stage: 'text', percent: 50 } }, push(1, 'queued', 'queued', 0)).stage).toBe('text')
    // Another document's push is ignored.
    expect(documentStatus(queued, push(2, 'ready', 'done', 100)).state).toBe('queued')
  })

  it('lets a finished record win over pushes of another state', () => {
    const failed = { id: 1, version: 4, state: 'failed', failureReason: 'The PDF is damaged.', progress: { stage: 'failed', percent: 100 } }
    const status = documentStatus(failed, push(1, 'processing', 'text', 50))
    expect(status).toMatchObject({ state: 'failed', finished: true, failureReason: 'The PDF is damaged.' })
    expect(statusText(status)).toBe('Failed: The PDF is damaged.')
    // Re-queued by a retry: the record's old 'failed' progress does not leak into the new run.
    expect(documentStatus({ ...failed, version: 5, state: 'queued', failureReason: null }, null)).toMatchObject({ state: 'queued', stage: 'queued', failureReason: null })
  })

  it('names a duplicate', () => {
    const ready = { id: 9, version: 3, state: 'ready', duplicateOfId: 4, progress: { stage: 'done', percent: 100 } }
    expect(documentStatus(ready, null)).toMatchObject({ state: 'ready', duplicateOfId: 4 })
    expect(statusText(documentStatus(ready, null))).toBe('Ready · duplicate of document #4')
  })
})
