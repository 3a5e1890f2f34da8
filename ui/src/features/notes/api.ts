/** The notes sample area's calls (app/samples/notes.py, /api/notes-app). */
import { api } from '@/data/client'

const BASE = '/api/notes-app'

export interface ChecklistItem {
  id: string | number
  checked: boolean
  text: string
}

export interface Note {
  id: string
  title: string
  description: string
  archive: boolean
  image: string | null
  time: string
  reminder: string | null
  checklist: ChecklistItem[]
  labels: (string | number)[]
}

export type NewNote = Omit<Note, 'id'>

export interface NoteLabel {
  id: string | number
  name: string
  handle: string
}

export const getNotes = (signal?: AbortSignal) => api.get<Note[]>(`${BASE}/notes`, { signal })
export const getLabels = (signal?: AbortSignal) => api.get<NoteLabel[]>(`${BASE}/labels`, { signal })
/** Answers the note with its new id (it goes to the top of the list). */
export const createNote = (note: NewNote) => api.post<Note>(`${BASE}/create-note`, { note })
/** Replaces the whole note. */
export const updateNote = (note: Note) => api.post<Note>(`${BASE}/update-note`, { note })
/** Replaces the whole label list; answers it. */
export const updateLabels = (labels: NoteLabel[]) => api.post<NoteLabel[]>(`${BASE}/update-labels`, { labels })
/** Answers the notes that remain. */
export const removeNote = (noteId: string) => api.post<Note[]>(`${BASE}/remove-note`, { noteId })
