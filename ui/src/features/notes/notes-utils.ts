/** Pure rules of the notes pages (unit-tested). */
import { pictureToDataUrl } from '@/lib/picture'

import { mediaUrl } from '../../lib/picture'

import type { ChecklistItem, NewNote, Note, NoteLabel } from './api'

export type NotesView = { kind: 'notes' } | { kind: 'reminders' } | { kind: 'archive' } | { kind: 'label'; handle: string }

export function viewFromParams(params: { view?: string; labelHandle?: string }): NotesView {
  if (params.labelHandle) return { kind: 'label', handle: params.labelHandle }
  if (params.view === 'reminders') return { kind: 'reminders' }
  if (params.view === 'archive') return { kind: 'archive' }
  return { kind: 'notes' }
}

export function notesInView(notes: readonly Note[], view: NotesView, labels: readonly NoteLabel[], query: string): Note[] {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean)
  const label = view.kind === 'label' ? labels.find((l) => l.handle === view.handle) : undefined
  return notes.filter((n) => {
    if (view.kind === 'archive' ? !n.archive : n.archive) return false
    if (view.kind === 'reminders' && !n.reminder) return false
    if (view.kind === 'label' && (!label || !n.labels.some((id) => String(id) === String(label.id)))) return false
    if (!words.length) return true
    const text = [n.title, n.description, ...n.checklist.map((c) => c.text)].join(' ').toLowerCase()
    return words.every((w) => text.includes(w))
  })
}

export function newId(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`
}

export function slugify(name: string): string {
  return (
    name
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'label'
  )
}

/** A label list ready to save: names trimmed, empty ones dropped, handles unique. */
export function prepareLabels(labels: readonly NoteLabel[]): { labels: NoteLabel[]; error: string | null } {
  const out: NoteLabel[] = []
  const names = new Set<string>()
  const handles = new Set<string>()
  for (const label of labels) {
    const name = label.name.trim()
    if (!name) return { labels: [], error: 'Every label needs a name.' }
    if (names.has(name.toLowerCase())) return { labels: [], error: `There are two labels called “${name}”.` }
    names.add(name.toLowerCase())
    const base = label.handle || slugify(name)
    let handle = base
    for (let i = 2; handles.has(handle); i++) handle = `${base}-${i}`
    handles.add(handle)
    out.push({ ...label, name, handle })
  }
  return { labels: out, error: null }
}

export function checklistProgress(items: readonly ChecklistItem[]): { done: number; total: number } {
  return { done: items.filter((i) => i.checked).length, total: items.length }
}

export function isEmptyNote(note: Pick<NewNote, 'title' | 'description' | 'checklist' | 'image'>): boolean {
  return !note.title.trim() && !note.description.trim() && note.checklist.length === 0 && !note.image
}

export function blankNote(): NewNote {
  return { title: '', description: '', archive: false, image: null, time: new Date().toISOString(), reminder: null, checklist: [], labels: [] }
}

const reminderFormat = new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' })

export function formatReminder(iso: string): string {
  const d = new Date(iso)
  return Number.isNaN(d.getTime()) ? iso : reminderFormat.format(d)
}

export { mediaUrl }

export { fromLocalInput, toLocalInput } from '@/lib/local-input'

/** A picked image for a note, as a JPEG data URL the API stores (lib/picture.ts). */
export function imageToDataUrl(file: File, max = 1200, quality = 0.82): Promise<string> {
  return pictureToDataUrl(file, { max, quality })
}
