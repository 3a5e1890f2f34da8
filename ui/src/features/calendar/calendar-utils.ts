/** Date arithmetic and layout of the calendar views (unit-tested). Local time, weeks from Sunday. */
import type { CalendarEvent } from './api'

export type CalendarView = 'month' | 'week' | 'work_week' | 'day' | 'agenda'

export const VIEWS: { value: CalendarView; title: string }[] = [
  { value: 'month', title: 'Month' },
  { value: 'week', title: 'Week' },
  { value: 'work_week', title: 'Work week' },
  { value: 'day', title: 'Day' },
  { value: 'agenda', title: 'Agenda' },
]

export const DAY_MS = 24 * 3600 * 1000
export const AGENDA_DAYS = 30

export function startOfDay(d: Date): Date {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate())
}

export function addDays(d: Date, n: number): Date {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + n, d.getHours(), d.getMinutes(), d.getSeconds(), d.getMilliseconds())
}

export function addMinutes(d: Date, n: number): Date {
  return new Date(d.getTime() + n * 60000)
}

export function startOfWeek(d: Date): Date {
  const day = startOfDay(d)
  return addDays(day, -day.getDay())
}

export function sameDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate()
}

/** 'YYYY-MM-DD' of a local date, and back. */
export function ymd(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`
}

export function parseYmd(value: string | null | undefined): Date | null {
  const m = value ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null
  if (!m) return null
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]))
  return Number.isNaN(d.getTime()) ? null : d
}

export function parseView(value: string | null | undefined): CalendarView {
  return VIEWS.some((v) => v.value === value) ? (value as CalendarView) : 'month'
}

/** The days a view shows. */
export function visibleDays(view: CalendarView, date: Date): Date[] {
  if (view === 'day') return [startOfDay(date)]
  if (view === 'week') return Array.from({ length: 7 }, (_, i) => addDays(startOfWeek(date), i))
  if (view === 'work_week') return Array.from({ length: 5 }, (_, i) => addDays(startOfWeek(date), i + 1))
  if (view === 'agenda') return Array.from({ length: AGENDA_DAYS }, (_, i) => addDays(startOfDay(date), i))
  const first = startOfWeek(new Date(date.getFullYear(), date.getMonth(), 1))
  return Array.from({ length: 42 }, (_, i) => addDays(first, i))
}

/** Today / previous / next. */
export function navigate(view: CalendarView, date: Date, step: -1 | 1): Date {
  if (view === 'month') return new Date(date.getFullYear(), date.getMonth() + step, 1)
  if (view === 'day') return addDays(date, step)
  if (view === 'agenda') return addDays(date, step * AGENDA_DAYS)
  return addDays(date, step * 7)
}

const monthTitle = new Intl.DateTimeFormat('en', { month: 'long', year: 'numeric' })
const dayTitle = new Intl.DateTimeFormat('en', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' })
const short = new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric' })
const shortYear = new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric', year: 'numeric' })

export function viewTitle(view: CalendarView, date: Date): string {
  if (view === 'month') return monthTitle.format(date)
  if (view === 'day') return dayTitle.format(date)
  const days = visibleDays(view, date)
  const first = days[0]
  const last = days[days.length - 1]
  return `${(first.getFullYear() === last.getFullYear() ? short : shortYear).format(first)} – ${shortYear.format(last)}`
}

/** The local dates an all-day event covers ([first, last], inclusive); its ISO dates are UTC dates. */
function allDayRange(e: Pick<CalendarEvent, 'start' | 'end'>): [Date, Date] {
  const s = new Date(e.start)
  const en = new Date(e.end)
  const first = new Date(s.getUTCFullYear(), s.getUTCMonth(), s.getUTCDate())
  const endDay = new Date(en.getUTCFullYear(), en.getUTCMonth(), en.getUTCDate())
  const last = endDay.getTime() > first.getTime() ? addDays(endDay, -1) : first
  return [first, last]
}

/** First and last local day an event touches. */
export function eventDayRange(e: Pick<CalendarEvent, 'start' | 'end' | 'allDay'>): [Date, Date] {
  if (e.allDay) return allDayRange(e)
  const s = new Date(e.start)
  const en = new Date(e.end)
  const last = en.getTime() > s.getTime() ? new Date(en.getTime() - 1) : s
  return [startOfDay(s), startOfDay(last)]
}

export function eventsOnDay(events: readonly CalendarEvent[], day: Date): CalendarEvent[] {
  const t = startOfDay(day).getTime()
  return events
    .filter((e) => {
      const [a, b] = eventDayRange(e)
      return a.getTime() <= t && t <= b.getTime()
    })
    .sort((x, y) => Number(y.allDay) - Number(x.allDay) || Date.parse(x.start) - Date.parse(y.start))
}

/** Shown in the all-day row of the time grid: all-day events and timed ones that span days. */
export function isAllDayRow(e: CalendarEvent): boolean {
  if (e.allDay) return true
  const [a, b] = eventDayRange(e)
  return a.getTime() !== b.getTime()
}

export interface Placed {
  event: CalendarEvent
  /** Minutes from midnight. */
  top: number
  bottom: number
  column: number
  columns: number
}

/** Timed events of one day, laid out side by side where they overlap. */
export function layoutDay(events: readonly CalendarEvent[], day: Date): Placed[] {
  const dayStart = startOfDay(day).getTime()
  const items = events
    .filter((e) => !isAllDayRow(e))
    .filter((e) => sameDay(new Date(e.start), day))
    .map((e) => ({
      event: e,
      top: Math.max(0, (Date.parse(e.start) - dayStart) / 60000),
      bottom: Math.min(24 * 60, Math.max((Date.parse(e.end) - dayStart) / 60000, (Date.parse(e.start) - dayStart) / 60000 + 15)),
    }))
    .sort((a, b) => a.top - b.top || b.bottom - a.bottom)
  const placed: Placed[] = []
  let cluster: Placed[] = []
  let clusterEnd = -1
  const flush = () => {
    const columns = Math.max(1, ...cluster.map((p) => p.column + 1))
    for (const p of cluster) p.columns = columns
    cluster = []
  }
  for (const item of items) {
    if (item.top >= clusterEnd) {
      flush()
      clusterEnd = -1
    }
    const used = new Set(cluster.filter((p) => p.bottom > item.top).map((p) => p.column))
    let column = 0
    while (used.has(column)) column++
    const p: Placed = { ...item, column, columns: 1 }
    cluster.push(p)
    placed.push(p)
    clusterEnd = Math.max(clusterEnd, item.bottom)
  }
  flush()
  return placed
}

/** An all-day event's ISO dates for the local days [first, last]. */
export function allDayIso(first: Date, last: Date): { start: string; end: string } {
  const utc = (d: Date) => new Date(Date.UTC(d.getFullYear(), d.getMonth(), d.getDate())).toISOString()
  return { start: utc(first), end: utc(addDays(last, 1)) }
}

/** Move an event by whole days (month view) keeping its times. */
export function shiftDays(e: CalendarEvent, days: number): CalendarEvent {
  if (e.allDay) {
    const [a, b] = allDayRange(e)
    return { ...e, ...allDayIso(addDays(a, days), addDays(b, days)) }
  }
  return { ...e, start: addDays(new Date(e.start), days).toISOString(), end: addDays(new Date(e.end), days).toISOString() }
}

/** Move an event by minutes (time grid). */
export function shiftMinutes(e: CalendarEvent, minutes: number): CalendarEvent {
  return { ...e, start: addMinutes(new Date(e.start), minutes).toISOString(), end: addMinutes(new Date(e.end), minutes).toISOString() }
}

/** End an event on another local day (month view resize): all-day through that day, timed at the same time. */
export function endOnDay(e: CalendarEvent, day: Date): CalendarEvent {
  if (e.allDay) {
    const [a] = allDayRange(e)
    const last = day.getTime() < a.getTime() ? a : day
    return { ...e, ...allDayIso(a, last) }
  }
  const end = new Date(e.end)
  const next = new Date(day.getFullYear(), day.getMonth(), day.getDate(), end.getHours(), end.getMinutes())
  return next.getTime() <= Date.parse(e.start) ? e : { ...e, end: next.toISOString() }
}

export function snap(minutes: number, step = 15): number {
  return Math.round(minutes / step) * step
}

const time = new Intl.DateTimeFormat('en', { hour: 'numeric', minute: '2-digit' })
export function formatTime(iso: string): string {
  const d = new Date(iso)
  return Number.isNaN(d.getTime()) ? '' : time.format(d)
}

export function formatRange(e: CalendarEvent): string {
  if (e.allDay) {
    const [a, b] = allDayRange(e)
    return sameDay(a, b) ? 'All day' : `${short.format(a)} – ${short.format(b)}`
  }
  const s = new Date(e.start)
  const en = new Date(e.end)
  return sameDay(s, en) ? `${formatTime(e.start)} – ${formatTime(e.end)}` : `${short.format(s)} ${formatTime(e.start)} – ${short.format(en)} ${formatTime(e.end)}`
}

/** The form's local values from an event, and the event from them. */
export interface EventForm {
  title: string
  allDay: boolean
  /** 'YYYY-MM-DDTHH:mm' (timed) or 'YYYY-MM-DD' (all day). */
  start: string
  end: string
  desc: string
}

function localInput(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${ymd(d)}T${pad(d.getHours())}:${pad(d.getMinutes())}`
}

export function formFromEvent(e: Pick<CalendarEvent, 'title' | 'allDay' | 'start' | 'end' | 'desc'>): EventForm {
  if (e.allDay) {
    const [a, b] = allDayRange(e)
    return { title: e.title, allDay: true, start: ymd(a), end: ymd(b), desc: e.desc ?? '' }
  }
  return { title: e.title, allDay: false, start: localInput(new Date(e.start)), end: localInput(new Date(e.end)), desc: e.desc ?? '' }
}

/** Switching 'All day' keeps the days and picks sensible times. */
export function toggleAllDay(form: EventForm): EventForm {
  if (form.allDay) {
    const day = form.start || ymd(new Date())
    const endDay = form.end || day
    return { ...form, allDay: false, start: `${day}T09:00`, end: `${endDay}T10:00` }
  }
  return { ...form, allDay: true, start: form.start.slice(0, 10), end: form.end.slice(0, 10) }
}

export function validateEvent(form: EventForm): Partial<Record<keyof EventForm, string>> {
  const errors: Partial<Record<keyof EventForm, string>> = {}
  if (!form.title.trim()) errors.title = 'Give the event a title.'
  const s = form.allDay ? parseYmd(form.start) : new Date(form.start)
  const e = form.allDay ? parseYmd(form.end) : new Date(form.end)
  if (!s || Number.isNaN(s.getTime())) errors.start = 'Enter a start.'
  if (!e || Number.isNaN(e.getTime())) errors.end = 'Enter an end.'
  else if (s && e.getTime() < s.getTime()) errors.end = 'The end must not be before the start.'
  return errors
}

export function eventFromForm(form: EventForm): Omit<CalendarEvent, 'id'> {
  const base = { title: form.title.trim(), allDay: form.allDay, ...(form.desc.trim() ? { desc: form.desc.trim() } : {}) }
  if (form.allDay) return { ...base, ...allDayIso(parseYmd(form.start)!, parseYmd(form.end)!) }
  return { ...base, start: new Date(form.start).toISOString(), end: new Date(form.end).toISOString() }
}
