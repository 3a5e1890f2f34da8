import { createStore } from 'jotai'
import { describe, expect, it } from 'vitest'

import { receiveRecordBatchAtom, recordBatchesAtom, toRecordBatch } from './record-batches'

describe('record batches (imports)', () => {
  it('reads a records.changed push and counts it per resource', () => {
    const batch = toRecordBatch({ type: 'records.changed', resource: 'assets', created: [1, 2, 'x'], updated: [3], actorId: 9 })
    expect(batch).toEqual({ resource: 'assets', created: [1, 2], updated: [3], actorId: 9 })
    const store = createStore()
    store.set(receiveRecordBatchAtom, batch!)
    store.set(receiveRecordBatchAtom, batch!)
    expect(store.get(recordBatchesAtom)).toMatchObject({ assets: 2, leads: 0, documents: 0 })
  })

  it('refuses what it does not understand', () => {
    expect(toRecordBatch(null)).toBeNull()
    expect(toRecordBatch({ type: 'record.created', resource: 'assets' })).toBeNull()
    expect(toRecordBatch({ type: 'records.changed', resource: 'users' })).toBeNull()
  })
})
