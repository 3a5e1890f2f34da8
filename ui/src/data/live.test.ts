import { createStore } from 'jotai'
import type { Socket } from 'socket.io-client'
import { describe, expect, it, vi } from 'vitest'

import type { AnyRecord } from './records'
import {
  applyRecordEvent,
  emptyLiveRecords,
  liveRecordsAtom,
  overlay,
  receiveRecordEventAtom,
  recordEventLogAtom,
  toRecordEvent,
  type RecordEvent,
} from './live'
import { createRealtimeClient, jitteredRetryDelay, RECONNECTION, RETRY_DELAY, type RealtimeHandlers } from './socket'

const asset = (id: number, version: number, extra: Record<string, unknown> = {}) =>
  ({ id, version, name: `Asset ${id}`, ...extra }) as unknown as AnyRecord

const updated = (id: number, version: number, extra: Record<string, unknown> = {}): RecordEvent => ({
  type: 'record.updated',
  resource: 'assets',
  id,
  version,
  record: asset(id, version, extra),
  actorId: 2,
  changed: Object.keys(extra),
})

describe('socket payloads -> record events', () => {
  it('accepts the server payload and rejects anything else', () => {
    expect(
      toRecordEvent({
        type: 'record.updated',
        resource: 'leads',
        id: 3,
        version: 2,
        record: { id: 3, version: 2, stage: 'won' },
        actorId: 1,
        changed: ['stage'],
      }),
    ).toMatchObject({ type: 'record.updated', resource: 'leads', id: 3, version: 2, changed: ['stage'] })
    expect(toRecordEvent({ type: 'record.deleted', resource: 'assets', id: 4, version: 3, record: null })).toMatchObject({
      record: null,
      actorId: null,
      changed: [],
    })
    expect(toRecordEvent({ type: 'record.updated', resource: 'users', id: 1, version: 1, record: {} })).toBeNull()
    expect(toRecordEvent({ type: 'chat.message', resource: 'assets', id: 1, version: 1, record: {} })).toBeNull()
    expect(toRecordEvent({ type: 'record.updated', resource: 'assets', id: 1, version: 1, record: null })).toBeNull()
    expect(toRecordEvent('nonsense')).toBeNull()
  })
})

describe('live records reducer', () => {
  it('keeps the newest version and ignores late, older pushes', () => {
    let state = emptyLiveRecords()
    state = applyRecordEvent(state, updated(1, 3, { status: 'BAD' }), 1000)
    const after = applyRecordEvent(state, updated(1, 2, { status: 'GOOD' }), 2000)
    expect(after).toBe(state)
    expect(after.assets[1]).toMatchObject({ version: 3, record: { status: 'BAD' }, at: 1000, changed: ['status'] })
  })

  it('lets a deletion win and never resurrects the record', () => {
    let state = applyRecordEvent(emptyLiveRecords(), updated(1, 3), 1)
    state = applyRecordEvent(state, { ...updated(1, 3), type: 'record.deleted', record: null }, 2)
    expect(state.assets[1]).toMatchObject({ deleted: true, record: null })
    expect(applyRecordEvent(state, updated(1, 9), 3)).toBe(state)
  })

  it('lays pushes over fetched rows', () => {
    const state = applyRecordEvent(emptyLiveRecords(), updated(1, 3, { status: 'POOR' }), 5)
    const fetched = { ...asset(1, 2, { status: 'GOOD' }), version: 2 }
    expect(overlay(fetched, state.assets)).toMatchObject({ record: { version: 3, status: 'POOR' }, deleted: false })
    // The fetched row is already newer than the push: keep it.
    expect(overlay({ ...fetched, version: 4 }, state.assets)).toMatchObject({ record: { version: 4 }, live: null })
    expect(overlay(asset(2, 1), state.assets).live).toBeNull()
  })

  it('writes a push into the atoms (live records and the event log)', () => {
    const store = createStore()
    store.set(receiveRecordEventAtom, updated(7, 2, { risk: 'HH' }))
    store.set(receiveRecordEventAtom, { ...updated(8, 1), type: 'record.created' })
    expect(store.get(liveRecordsAtom).assets[7]).toMatchObject({ version: 2, record: { risk: 'HH' } })
    expect(store.get(recordEventLogAtom).map((e) => e.id)).toEqual([8, 7])
  })
})

/** A stand-in for a socket.io client socket. */
function fakeSocket() {
  const listeners = new Map<string, ((...args: unknown[]) => void)[]>()
  const socket = {
    active: false,
    connected: false,
    connects: 0,
    options: undefined as unknown,
    on(name: string, fn: (...args: unknown[]) => void) {
      listeners.set(name, [...(listeners.get(name) ?? []), fn])
      return socket
    },
    connect() {
      socket.connects += 1
      socket.active = true
      return socket
    },
    disconnect() {
      socket.active = false
      socket.connected = false
      return socket
    },
    removeAllListeners() {
      listeners.clear()
      return socket
    },
    fire(name: string, ...args: unknown[]) {
      for (const fn of listeners.get(name) ?? []) fn(...args)
    },
  }
  return socket
}

function handlers(): RealtimeHandlers & { records: RecordEvent[] } {
  const records: RecordEvent[] = []
  return {
    records,
    onRecord: (e) => records.push(e),
    onConnected: vi.fn(),
    onDisconnected: vi.fn(),
    onError: vi.fn(),
  }
}

describe('realtime client', () => {
  it('reconnects with a jittered backoff, so a restarted server is not met by every client at once', () => {
    const fake = fakeSocket()
    const connect = vi.fn(() => fake as unknown as Socket)
    createRealtimeClient({ url: 'http://api.test', getToken: () => 't', refresh: vi.fn(), handlers: handlers(), connect })
    expect(connect).toHaveBeenCalledWith('http://api.test', expect.objectContaining(RECONNECTION))
    expect(RECONNECTION.randomizationFactor).toBeGreaterThanOrEqual(0.5)
    expect(RECONNECTION.reconnectionDelayMax).toBeGreaterThan(RECONNECTION.reconnectionDelay)
    // Once the server is back, no client waits more than 2.5 s for its next try (issue 20: 15 s in all).
    expect(RECONNECTION.reconnectionDelayMax).toBeLessThanOrEqual(2500)
  })

  it('tries again after a refusal at a jittered delay, so refused clients do not return together', () => {
    expect(jitteredRetryDelay(RETRY_DELAY, () => 0)).toBe(RETRY_DELAY / 2)
    expect(jitteredRetryDelay(RETRY_DELAY, () => 0.5)).toBe(RETRY_DELAY)
    expect(jitteredRetryDelay(RETRY_DELAY, () => 0.999)).toBeCloseTo(RETRY_DELAY * 1.5, -1)
    vi.useFakeTimers()
    try {
      const fake = fakeSocket()
      createRealtimeClient({ url: 'x', getToken: () => 't', refresh: vi.fn(), handlers: handlers(), connect: () => fake as unknown as Socket, retryDelay: 1000 })
      expect(fake.connects).toBe(1)
      fake.active = false
      fake.fire('connect_error', new Error('unavailable'))
      vi.advanceTimersByTime(499)
      expect(fake.connects).toBe(1) // never sooner than half the delay
      vi.advanceTimersByTime(1001)
      expect(fake.connects).toBe(2) // never later than one and a half
    } finally {
      vi.useRealTimers()
    }
  })

  it('connects with websocket only and the current token in auth, and forwards record events', () => {
    const fake = fakeSocket()
    let token = 'access-1'
    const connect = vi.fn((_url: string, options: unknown) => {
      fake.options = options
      return fake as unknown as Socket
    })
    const h = handlers()
    createRealtimeClient({ url: 'http://api.test', getToken: () => token, refresh: vi.fn(), handlers: h, connect })
    expect(connect).toHaveBeenCalledWith('http://api.test', expect.objectContaining({ path: '/socket.io', transports: ['websocket'] }))
    const auth = (fake.options as { auth: (cb: (d: object) => void) => void }).auth
    const seen: object[] = []
    auth((d) => seen.push(d))
    token = 'access-2'
    auth((d) => seen.push(d))
    expect(seen).toEqual([{ token: 'access-1' }, { token: 'access-2' }])
    expect(fake.connects).toBe(1)

    fake.fire('record', { type: 'record.created', resource: 'documents', id: 5, version: 1, record: { id: 5, version: 1 }, actorId: 1, changed: [] })
    fake.fire('record', { type: 'bogus' })
    expect(h.records.map((e) => e.id)).toEqual([5])
  })

  it('forwards chat, presence, quick-panel and notification pushes', () => {
    const fake = fakeSocket()
    const h = handlers()
    const pushes: unknown[] = []
    h.onPush = (channel, payload) => pushes.push([channel, payload])
    createRealtimeClient({ url: 'x', getToken: () => 't', refresh: vi.fn(), handlers: h, connect: () => fake as unknown as Socket })
    fake.fire('chat:message', { chatId: 'c1' })
    fake.fire('presence', { userId: 2, status: 'away', mood: '' })
    fake.fire('notification', { unread: 1 })
    fake.fire('something-else', {})
    expect(pushes).toEqual([
      ['chat:message', { chatId: 'c1' }],
      ['presence', { userId: 2, status: 'away', mood: '' }],
      ['notification', { unread: 1 }],
    ])
  })

  it("refreshes the token and reconnects after 'unauthorized'", async () => {
    const fake = fakeSocket()
    const refresh = vi.fn(async () => 'ok' as const)
    createRealtimeClient({ url: 'x', getToken: () => 't', refresh, handlers: handlers(), connect: () => fake as unknown as Socket })
    fake.active = false
    fake.fire('connect_error', new Error('unauthorized'))
    await vi.waitFor(() => expect(fake.connects).toBe(2))
    expect(refresh).toHaveBeenCalledTimes(1)
  })

  it('renews the session and reconnects after session.ended', async () => {
    const fake = fakeSocket()
    const refresh = vi.fn(async () => 'ok' as const)
    createRealtimeClient({ url: 'x', getToken: () => 't', refresh, handlers: handlers(), connect: () => fake as unknown as Socket })
    fake.fire('session', { type: 'session.ended', reason: 'expired' })
    await vi.waitFor(() => expect(fake.connects).toBe(2))
    expect(refresh).toHaveBeenCalledTimes(1)
  })

  it('stops when the session cannot be renewed after session.ended', async () => {
    const fake = fakeSocket()
    const refresh = vi.fn(async () => 'refused' as const)
    createRealtimeClient({ url: 'x', getToken: () => 't', refresh, handlers: handlers(), connect: () => fake as unknown as Socket })
    fake.fire('session', { type: 'session.ended', reason: 'signed-out' })
    await vi.waitFor(() => expect(refresh).toHaveBeenCalled())
    await Promise.resolve()
    expect(fake.active).toBe(false)
    expect(fake.connects).toBe(1)
  })
})
