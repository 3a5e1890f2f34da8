import { afterEach, describe, expect, it, vi } from 'vitest'

import { json, mockFetch } from '@/testing/fetch-mock'

import { prefetch, takePrefetched } from './prefetch'

describe('prefetch', () => {
  afterEach(() => vi.useRealTimers())

  it('hands the answer fetched ahead to the first taker only', async () => {
    const { fetch, calls } = mockFetch(() => json({ assets: { total: 3 } }))
    vi.stubGlobal('fetch', fetch)
    prefetch('/dashboard/summary')
    const taken = takePrefetched('/dashboard/summary')
    expect(taken).not.toBeNull()
    await expect(taken).resolves.toEqual({ assets: { total: 3 } })
    expect(takePrefetched('/dashboard/summary')).toBeNull()
    expect(calls).toHaveLength(1)
  })

  it('does not hand out a stale answer', () => {
    vi.useFakeTimers()
    const { fetch } = mockFetch(() => json({}))
    vi.stubGlobal('fetch', fetch)
    prefetch('/dashboard/summary')
    vi.advanceTimersByTime(11_000)
    expect(takePrefetched('/dashboard/summary')).toBeNull()
  })
})

describe('prefetch with a query', () => {
  it('hands the answer out for the same path and query only, in any key order', async () => {
    const { fetch, calls } = mockFetch(() => json({ items: [], total: 0 }))
    vi.stubGlobal('fetch', fetch)
    prefetch('/assets', { sort: 'nextInspection', order: 'asc', perPage: 100, page: 1 })
    expect(calls[0].url).toContain('/assets?sort=nextInspection&order=asc&perPage=100&page=1')
    expect(takePrefetched('/assets', { sort: 'nextInspection', order: 'asc', perPage: 100, page: 2 })).toBeNull()
    expect(takePrefetched('/assets')).toBeNull()
    const taken = takePrefetched('/assets', { sort: 'nextInspection', order: 'asc', perPage: 100, page: 1 })
    expect(taken).not.toBeNull()
    await expect(taken).resolves.toEqual({ items: [], total: 0 })
  })
})
