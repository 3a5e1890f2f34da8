import { describe, expect, it } from 'vitest'

import { byDue, dueOf } from './due'

describe('dueOf', () => {
  it('reads the date against the server day', () => {
    expect(dueOf('2026-11-20', '2026-11-25')).toEqual({ tone: 'overdue', label: 'Overdue 5 days' })
    expect(dueOf('2026-11-24', '2026-11-25').label).toBe('Overdue since yesterday')
    expect(dueOf('2026-11-25', '2026-11-25')).toEqual({ tone: 'today', label: 'Due today' })
    expect(dueOf('2026-11-26', '2026-11-25')).toEqual({ tone: 'soon', label: 'Due tomorrow' })
    expect(dueOf('2026-12-02', '2026-11-25').tone).toBe('soon')
    expect(dueOf('2027-01-25', '2026-11-25')).toEqual({ tone: 'later', label: 'Due in 61 days' })
    expect(dueOf(null, '2026-11-25').tone).toBe('none')
  })

  it('crosses a daylight-saving change without losing a day', () => {
    expect(dueOf('2026-03-30', '2026-03-28').label).toBe('Due in 2 days')
  })
})

describe('byDue', () => {
  it('puts overdue first and undated last', () => {
    const items = [
      { id: 1, nextInspection: null },
      { id: 2, nextInspection: '2026-12-01' },
      { id: 3, nextInspection: '2026-10-01' },
      { id: 4, nextInspection: '2026-12-01' },
    ]
    expect(byDue(items).map((i) => i.id)).toEqual([3, 2, 4, 1])
  })
})
