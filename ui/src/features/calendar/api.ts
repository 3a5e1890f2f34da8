/** The calendar sample area's calls (app/samples/calendar.py, /api/calendar-app). */
import { api } from '@/data/client'

const BASE = '/api/calendar-app'

export interface CalendarEvent {
  id: string
  title: string
  allDay: boolean
  /** ISO instants; an all-day event runs from 00:00Z of its first day to 00:00Z after its last. */
  start: string
  end: string
  desc?: string
}

export type NewEvent = Omit<CalendarEvent, 'id'>

export const getEvents = (signal?: AbortSignal) => api.get<CalendarEvent[]>(`${BASE}/events`, { signal })
/** Each answers the full event list. */
export const addEvent = (newEvent: NewEvent) => api.post<CalendarEvent[]>(`${BASE}/add-event`, { newEvent })
export const updateEvent = (event: CalendarEvent) => api.post<CalendarEvent[]>(`${BASE}/update-event`, { event })
export const removeEvent = (eventId: string) => api.post<CalendarEvent[]>(`${BASE}/remove-event`, { eventId })
