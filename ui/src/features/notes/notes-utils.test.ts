import { describe, expect, it } from 'vitest'

import type { Note } from './api'
import { checklistProgress, isEmptyNote, mediaUrl, notesInView, prepareLabels, slugify, viewFromParams } from './notes-utils'

const note = (id: string, extra: Partial<Note> = {}): Note => ({
  id,
  title: `Note ${id}`,
  description: '',
  archive: false,
  image: null,
  time: '2026-11-20T10:00:00Z',
  reminder: null,
  checklist: [],
  labels: [],
  ...extra,
})
const LABELS = [
  { id: 1, name: 'Family', handle: 'family' },
  { id: 'x7', name: 'Site', handle: 'site' },
]

describe('notes rules', () => {
  it('reads the view from the route', () => {
    expect(viewFromParams({})).toEqual({ kind: 'notes' })
    expect(viewFromParams({ view: 'archive' })).toEqual({ kind: 'archive' })
    expect(viewFromParams({ view: 'reminders' })).toEqual({ kind: 'reminders' })
    expect(viewFromParams({ labelHandle: 'site' })).toEqual({ kind: 'label', handle: 'site' })
  })

  it('filters notes by view and search', () => {
    const notes = [
      note('a', { reminder: '2026-12-01T10:00:00Z', labels: [1] }),
      note('b', { archive: true, labels: ['x7'] }),
      note('c', { checklist: [{ id: 1, checked: false, text: 'Torque flanges' }], labels: ['x7'] }),
    ]
    const ids = (view: Parameters<typeof notesInView>[1], q = '') => notesInView(notes, view, LABELS, q).map((n) => n.id)
    expect(ids({ kind: 'notes' })).toEqual(['a', 'c'])
    expect(ids({ kind: 'archive' })).toEqual(['b'])
    expect(ids({ kind: 'reminders' })).toEqual(['a'])
    expect(ids({ kind: 'label', handle: 'site' })).toEqual(['c'])
    expect(ids({ kind: 'label', handle: 'family' })).toEqual(['a'])
    expect(ids({ kind: 'notes' }, 'torque')).toEqual(['c'])
  })

  it('prepares labels: trimmed names, unique handles, no empty or double names', () => {
    expect(slugify('Site Visits!')).toBe('site-visits')
    expect(prepareLabels([{ id: 1, name: ' Work ', handle: '' }, { id: 2, name: 'Work 2', handle: 'work' }]).labels).toEqual([
      { id: 1, name: 'Work', handle: 'work' },
      { id: 2, name: 'Work 2', handle: 'work-2' },
    ])
    expect(prepareLabels([{ id: 1, name: ' ', handle: '' }]).error).toBe('Every label needs a name.')
    expect(prepareLabels([{ id: 1, name: 'A', handle: 'a' }, { id: 2, name: 'a', handle: 'b' }]).error).toMatch(/two labels/)
  })

  it('counts checklist progress and knows an empty note', () => {
    expect(checklistProgress([{ id: 1, checked: true, text: 'x' }, { id: 2, checked: false, text: 'y' }])).toEqual({ done: 1, total: 2 })
    expect(isEmptyNote({ title: ' ', description: '', checklist: [], image: null })).toBe(true)
    expect(isEmptyNote({ title: '', description: '', checklist: [{ id: 1, checked: false, text: 'a' }], image: null })).toBe(false)
  })

  it('shows only images that exist', () => {
    expect(mediaUrl('assets/images/etc/snow.jpg')).toBeNull()
    expect(mediaUrl('data:image/jpeg;base64,AAAA')).toBe('data:image/jpeg;base64,AAAA')
  })
})
