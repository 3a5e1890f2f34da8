import { atom } from 'jotai'

import type { Note, NoteLabel } from './api'

/** Every note (the views filter them on the page), null until loaded. */
export const notesAtom = atom<Note[] | null>(null)
export const noteLabelsAtom = atom<NoteLabel[] | null>(null)
export const notesSearchAtom = atom('')
export const notesSidebarOpenAtom = atom(false)
/** The note open in the dialog. */
export const openNoteIdAtom = atom<string | null>(null)
export const labelsDialogOpenAtom = atom(false)
