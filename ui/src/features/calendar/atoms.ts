import { atom } from 'jotai'

import type { CalendarEvent } from './api'
import type { EventForm } from './calendar-utils'

/** Every event (the server answers the full list after each change), null until loaded. */
export const eventsAtom = atom<CalendarEvent[] | null>(null)

/** The event dialog: a new event (with its proposed form) or an event being edited. */
export const eventDialogAtom = atom<{ mode: 'new'; form: EventForm } | { mode: 'edit'; event: CalendarEvent } | null>(null)
