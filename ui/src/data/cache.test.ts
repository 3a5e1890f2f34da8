import { createStore } from 'jotai'
import { describe, expect, it } from 'vitest'

import { receiveRecordEventAtom, resetRealtimeAtom, toRecordEvent } from './live'
import type { AnyRecord, Page } from './records'

import { cacheAtom, emptyCache, MAX_QUERIES, queryEntryAtom, queryKey, queryViewAtom, writePushed, writeQuery, writeQueryAtom } from './cache'

const asset = (id: number, version: number, extra: Record<string, unknown> = {}): AnyRecord =>
  ({ id, version, createdAt: '', updatedAt: '', createdBy: null, updatedBy: null, name: `Asset ${id}`, ...extra }) as AnyRecord

const page = (items: AnyRecord[]): Page<AnyRecord> => ({ items, total: items.length, totalIsExact: true, page: 1, perPage: 25, nextCursor: null, prevCursor: null })

describe('record cache', () => {
  it('keys a query by resource and parameters, in any order, without empty values', () => {
    expect(queryKey('assets', { sort: 'name', page: 1, q: '' })).toBe(queryKey('assets', { page: 1, sort: 'name' }))
    expect(queryKey('assets', { page: 1 })).not.toBe(queryKey('leads', { page: 1 }))
  })

  it('updates every subscribed query when a record is pushed once', () => {
    const store = createStore()
    const all = queryKey('assets', { page: 1 })
    const mine = queryKey('assets', { page: 1, mine: 'true' })
    store.set(writeQueryAtom, { key: all, resource: 'assets', page: page([asset(1, 1), asset(2, 1)]) })
    store.set(writeQueryAtom, { key: mine, resource: 'assets', page: page([asset(2, 1)]) })
    const seen: string[] = []
    const unsubAll = store.sub(queryViewAtom(all), () => seen.push('all'))
    const unsubMine = store.sub(queryViewAtom(mine), () => seen.push('mine'))
    const untouched = store.get(queryViewAtom(all))!.rows[0]

    const event = toRecordEvent({ type: 'record.updated', resource: 'assets', id: 2, version: 2, record: { name: 'Pump' }, changed: ['name'] })
    store.set(receiveRecordEventAtom, event!)

    expect(seen.sort()).toEqual(['all', 'mine'])
    expect(store.get(queryViewAtom(all))!.rows.map((r) => r.name)).toEqual(['Asset 1', 'Pump'])
    expect(store.get(queryViewAtom(mine))!.rows[0]).toMatchObject({ id: 2, version: 2, name: 'Pump', createdAt: '' })
    expect(store.get(queryViewAtom(all))!.rows[0]).toBe(untouched) // the other row keeps its object
    unsubAll()
    unsubMine()
  })

  it("leaves a query's ids and figures untouched by an update push (the list around the rows does not render)", () => {
    const store = createStore()
    const key = queryKey('assets', { page: 1 })
    store.set(writeQueryAtom, { key, resource: 'assets', page: page([asset(1, 1), asset(2, 1)]) })
    let notified = 0
    const unsub = store.sub(queryEntryAtom(key), () => (notified += 1))
    const before = store.get(queryEntryAtom(key))
    store.set(receiveRecordEventAtom, toRecordEvent({ type: 'record.updated', resource: 'assets', id: 2, version: 2, record: { name: 'Pump' } })!)
    expect(notified).toBe(0)
    expect(store.get(queryEntryAtom(key))).toBe(before)
    expect(before?.ids).toEqual([1, 2])
    store.set(writeQueryAtom, { key, resource: 'assets', page: page([asset(2, 2)]) }) // a refetch: new ids
    expect(notified).toBe(1)
    expect(store.get(queryEntryAtom(key))?.ids).toEqual([2])
    expect(store.get(queryEntryAtom('assets?page=9'))).toBeNull()
    unsub()
  })

  it('keeps the identity of unchanged rows when a query is refetched', () => {
    const store = createStore()
    const key = queryKey('assets', { page: 1 })
    store.set(writeQueryAtom, { key, resource: 'assets', page: page([asset(1, 1), asset(2, 1)]) })
    const [one, two] = store.get(queryViewAtom(key))!.rows
    // The refetch parses to new objects: only the row whose version moved is replaced.
    store.set(writeQueryAtom, { key, resource: 'assets', page: page([asset(1, 1), asset(2, 2, { name: 'Pump' })]) })
    const rows = store.get(queryViewAtom(key))!.rows
    expect(rows[0]).toBe(one)
    expect(rows[1]).not.toBe(two)
    expect(rows[1].name).toBe('Pump')
  })

  it('keeps a pushed version newer than a late fetch, and a deletion', () => {
    let state = writeQuery(emptyCache(), 'k', 'assets', page([asset(1, 1)]), 0)
    state = { ...state, records: writePushed(state.records, 'assets', 1, 3, asset(1, 3, { name: 'New' })) }
    state = writeQuery(state, 'k', 'assets', page([asset(1, 2, { name: 'Stale' })]), 1)
    expect(state.records.assets[1].record.name).toBe('New')
    state = { ...state, records: writePushed(state.records, 'assets', 1, 4, null) }
    expect(state.records.assets[1].deleted).toBe(true)
    expect(writePushed(state.records, 'assets', 1, 5, asset(1, 5))).toBe(state.records) // deleted wins
  })

  it('forgets the oldest queries past its bound, and everything on sign-out', () => {
    let state = emptyCache()
    for (let i = 0; i <= MAX_QUERIES; i += 1) state = writeQuery(state, `q${i}`, 'assets', page([asset(i + 1, 1)]), i)
    expect(Object.keys(state.queries)).toHaveLength(MAX_QUERIES)
    expect(state.queries.q0).toBeUndefined()

    const store = createStore()
    store.set(writeQueryAtom, { key: 'k', resource: 'assets', page: page([asset(1, 1)]) })
    store.set(resetRealtimeAtom)
    expect(store.get(cacheAtom)).toEqual(emptyCache())
  })
})
