import { createStore } from 'jotai'
import { describe, expect, it } from 'vitest'

import { liveAuditAtom, receiveAuditEntryAtom, toAuditPush, type AuditEntry } from './admin'

const entry: AuditEntry = {
  id: 'audit-7',
  source: 'audit',
  at: '2026-11-24T20:00:00+00:00',
  kind: 'auth.signed_in',
  label: 'Signed in',
  actor: { id: 3, username: 'jdoe', displayName: 'Jane' },
  target: { id: 3, username: 'jdoe', displayName: 'Jane' },
  ip: '127.0.0.1',
  userAgent: null,
  device: null,
  detail: {},
  resource: null,
  recordId: null,
}

describe('the audit log pushed live', () => {
  it('accepts an audit.appended payload and refuses anything else', () => {
    expect(toAuditPush({ type: 'audit.appended', entry })).toEqual(entry)
    for (const bad of [null, 'x', {}, { entry: null }, { entry: { id: 7, kind: 'x', at: 'y' } }, { entry: { id: 'a', at: 'y' } }]) {
      expect(toAuditPush(bad)).toBeNull()
    }
  })

  it('keeps each pushed entry once, newest first', () => {
    const store = createStore()
    store.set(receiveAuditEntryAtom, entry)
    store.set(receiveAuditEntryAtom, { ...entry, id: 'audit-8' })
    store.set(receiveAuditEntryAtom, entry)
    expect(store.get(liveAuditAtom).map((e) => e.id)).toEqual(['audit-8', 'audit-7'])
  })
})
