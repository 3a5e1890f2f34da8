import { act, renderHook } from '@testing-library/react'
import { createStore, Provider as JotaiProvider } from 'jotai'
import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'

import { receiveRecordEventAtom } from '@/data/live'
import type { AnyRecord } from '@/data/records'

import { useLiveRows, useStructuralChanges } from './hooks'

const items = Array.from(
  { length: 100 },
  (_, i) => ({ id: i + 1, version: 1, tag: `AST-${i + 1}`, name: `Asset ${i + 1}` }) as unknown as AnyRecord,
)

function setup() {
  const store = createStore()
  const wrapper = ({ children }: { children: ReactNode }) => <JotaiProvider store={store}>{children}</JotaiProvider>
  const hook = renderHook(({ list }) => useLiveRows('assets', list), { wrapper, initialProps: { list: items } })
  const push = (id: number, version: number, name: string) =>
    act(() =>
      store.set(receiveRecordEventAtom, {
        type: 'record.updated',
        resource: 'assets',
        id,
        version,
        record: { ...items[id - 1], version, name } as AnyRecord,
        actorId: 2,
        changed: ['name'],
      }),
    )
  return { hook, push }
}

describe('useLiveRows', () => {
  it('gives a pushed change to its row only; the other 99 rows keep their objects (memoised rows skip them)', () => {
    const { hook, push } = setup()
    const before = hook.result.current
    push(42, 2, 'Renamed')
    const after = hook.result.current
    expect(after).not.toBe(before)
    expect(after[41].record).toMatchObject({ id: 42, version: 2, name: 'Renamed' })
    expect(after[41].flash).not.toBeNull()
    const kept = after.filter((row, i) => row === before[i])
    expect(kept).toHaveLength(99)
    expect(after[41]).not.toBe(before[41])
  })

  it('keeps every row when a push is about a record not on the page, and a stale push changes nothing', () => {
    const { hook, push } = setup()
    push(7, 3, 'Newer')
    const before = hook.result.current
    push(500, 2, 'Elsewhere')
    push(7, 2, 'Older')
    const after = hook.result.current
    expect(after.every((row, i) => row === before[i])).toBe(true)
    expect(after[6].record).toMatchObject({ name: 'Newer', version: 3 })
  })

  it('makes new rows when the page is fetched again', () => {
    const { hook } = setup()
    const before = hook.result.current
    hook.rerender({ list: items.map((item) => ({ ...item })) })
    expect(hook.result.current.some((row, i) => row === before[i])).toBe(false)
  })
})

describe('useStructuralChanges', () => {
  it('renders again for a created or deleted record, not for an update push', () => {
    const store = createStore()
    const wrapper = ({ children }: { children: ReactNode }) => <JotaiProvider store={store}>{children}</JotaiProvider>
    let renders = 0
    const hook = renderHook(() => {
      renders += 1
      return useStructuralChanges('assets', 0)
    }, { wrapper })
    const push = (type: 'record.created' | 'record.updated', id: number) =>
      act(() => store.set(receiveRecordEventAtom, { type, resource: 'assets', id, version: 2, record: { ...items[0], id } as AnyRecord, actorId: 2, changed: [] }))
    const start = renders
    push('record.updated', 5)
    push('record.updated', 6)
    expect(renders).toBe(start)
    push('record.created', 101)
    expect(renders).toBeGreaterThan(start)
    expect(hook.result.current).toBe(0) // settled after the delay, not at once
  })
})
