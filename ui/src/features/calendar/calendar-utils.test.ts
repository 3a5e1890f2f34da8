import { describe, expect, it } from 'vitest'

import type { CalendarEvent } from './api'
import {
  allDayIso,
  endOnDay,
  eventDayRange,
  eventFromForm,
  eventsOnDay,
  formFromEvent,
  layoutDay,
  navigate,
  parseView,
  shiftDays,
  toggleAllDay,
  validateEvent,
  viewTitle,
  visibleDays,
  ymd,
} from './calendar-utils'

const local = (y: number, m: number, d: number, h = 0, min = 0) => new Date(y, m - 1, d, h, min)
const timed = (id: string, start: Date, end: Date): CalendarEvent => ({ id, title: id, allDay: false, start: start.toISOString(), end: end.toISOString() })

describe('calendar rules', () => {
  it('shows the right days per view and steps through them', () => {
    const date = local(2026, 11, 18) // a Wednesday
    expect(visibleDays('week', date).map(ymd)).toEqual(['2026-11-15', '2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21'])
    expect(visibleDays('work_week', date).map(ymd)[0]).toBe('2026-11-16')
    expect(visibleDays('work_week', date)).toHaveLength(5)
    expect(visibleDays('month', date)).toHaveLength(42)
    expect(ymd(visibleDays('month', date)[0])).toBe('2026-11-01')
    expect(ymd(navigate('month', date, 1))).toBe('2026-12-01')
    expect(ymd(navigate('week', date, -1))).toBe('2026-11-11')
    expect(ymd(navigate('day', date, 1))).toBe('2026-11-19')
    expect(viewTitle('week', date)).toBe('Nov 15 – Nov 21, 2026')
    expect(parseView('nope')).toBe('month')
  })

  it('reads all-day events as UTC dates with an exclusive end', () => {
    const e: CalendarEvent = { id: 'h', title: 'Holiday', allDay: true, start: '2026-08-07T00:00:00Z', end: '2026-08-09T00:00:00Z' }
    expect(eventDayRange(e).map(ymd)).toEqual(['2026-08-07', '2026-08-08'])
    expect(eventsOnDay([e], local(2026, 8, 8))).toHaveLength(1)
    expect(eventsOnDay([e], local(2026, 8, 9))).toHaveLength(0)
    expect(allDayIso(local(2026, 8, 7), local(2026, 8, 8))).toEqual({ start: '2026-08-07T00:00:00.000Z', end: '2026-08-09T00:00:00.000Z' })
    expect(shiftDays(e, 2).start).toBe('2026-08-09T00:00:00.000Z')
    expect(endOnDay(e, local(2026, 8, 10)).end).toBe('2026-08-11T00:00:00.000Z')
  })

  it('lays overlapping events side by side', () => {
    const day = local(2026, 11, 18)
    const placed = layoutDay(
      [timed('a', local(2026, 11, 18, 9), local(2026, 11, 18, 10)), timed('b', local(2026, 11, 18, 9, 30), local(2026, 11, 18, 11)), timed('c', local(2026, 11, 18, 12), local(2026, 11, 18, 13))],
      day,
    )
    const by = Object.fromEntries(placed.map((p) => [p.event.id, p]))
    expect([by.a.column, by.a.columns]).toEqual([0, 2])
    expect([by.b.column, by.b.columns]).toEqual([1, 2])
    expect([by.c.column, by.c.columns, by.c.top]).toEqual([0, 1, 720])
  })

  it('round-trips the form and checks it', () => {
    const e = timed('x', local(2026, 11, 18, 10), local(2026, 11, 18, 11, 30))
    const form = formFromEvent({ ...e, title: 'Review' })
    expect(form.start).toBe('2026-11-18T10:00')
    expect(eventFromForm(form)).toEqual({ title: 'Review', allDay: false, start: e.start, end: e.end })
    const allDay = toggleAllDay(form)
    expect(allDay).toMatchObject({ allDay: true, start: '2026-11-18', end: '2026-11-18' })
    expect(eventFromForm({ ...allDay, desc: ' Notes ' })).toEqual({ title: 'Review', allDay: true, desc: 'Notes', start: '2026-11-18T00:00:00.000Z', end: '2026-11-19T00:00:00.000Z' })
    expect(validateEvent({ ...form, title: '', end: '2026-11-18T09:00' })).toEqual({ title: 'Give the event a title.', end: 'The end must not be before the start.' })
  })
})
