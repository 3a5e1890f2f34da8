import { act, render } from '@testing-library/react'
import { createStore, Provider as JotaiProvider } from 'jotai'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { realtimeStateAtom } from '@/data/live'
import { saveSession } from '@/lib/session'
import { json, mockFetch, path } from '@/testing/fetch-mock'

import { START_DELAY_MS, useRealtimeSync } from './use-realtime-sync'

function Sync() {
  useRealtimeSync()
  return null
}

/** The shell's calls: answered with empty lists; the paths asked, in order. */
function serve() {
  const { fetch, calls } = mockFetch(() => json({ items: [], total: 0 }))
  vi.stubGlobal('fetch', fetch)
  return calls
}

function mount() {
  const store = createStore()
  render(
    <JotaiProvider store={store}>
      <MemoryRouter>
        <Sync />
      </MemoryRouter>
    </JotaiProvider>,
  )
  return store
}

const connect = (store: ReturnType<typeof createStore>, epoch: number) =>
  act(() => store.set(realtimeStateAtom, { status: 'connected', epoch, error: null }))

describe('useRealtimeSync', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    saveSession({ accessToken: 'a', idToken: 'i', refreshToken: 'r', tokenType: 'Bearer', issuedAt: '2026-01-01T00:00:00Z', expiresIn: 3600, refreshExpiresIn: 86400 }, true)
  })
  afterEach(() => vi.useRealTimers())

  it('asks nothing right after sign-in and everything once when the connection comes', async () => {
    const calls = serve()
    const store = mount()
    expect(calls).toHaveLength(0)
    await act(async () => vi.advanceTimersByTime(START_DELAY_MS - 100))
    expect(calls).toHaveLength(0)
    connect(store, 1)
    await act(async () => vi.advanceTimersByTime(START_DELAY_MS * 2))
    const asked = calls.map(path)
    expect(asked).toEqual(expect.arrayContaining(['/notifications', '/api/quick-panel/data', '/portal-settings']))
    // Once: the timer of the first (connectionless) moment was dropped.
    expect(asked.filter((p) => p === '/notifications')).toHaveLength(1)
  })

  it('asks anyway when no connection comes, and again after every reconnect', async () => {
    const calls = serve()
    const store = mount()
    await act(async () => vi.advanceTimersByTime(START_DELAY_MS))
    expect(calls.map(path).filter((p) => p === '/notifications')).toHaveLength(1)
    connect(store, 1)
    await act(async () => vi.advanceTimersByTime(10))
    connect(store, 2)
    await act(async () => vi.advanceTimersByTime(10))
    expect(calls.map(path).filter((p) => p === '/notifications')).toHaveLength(3)
  })
})
