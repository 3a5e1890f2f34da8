import { describe, expect, it } from 'vitest'

import { applyQuickPanelPush, initialQuickPanel, toQuickPanelPush } from './quick-panel'

describe('quick panel pushes', () => {
  it('adds, edits and removes items from any device', () => {
    let state = { ...initialQuickPanel(), notes: [{ id: 1, title: 'a', detail: '' }] }
    state = applyQuickPanelPush(state, toQuickPanelPush({ action: 'saved', kind: 'notes', id: 3, item: { id: 3, title: 'c', detail: 'x' } })!)
    state = applyQuickPanelPush(state, toQuickPanelPush({ action: 'saved', kind: 'notes', id: 1, item: { id: 1, title: 'A', detail: '' } })!)
    expect(state.notes.map((n) => n.title)).toEqual(['A', 'c'])
    state = applyQuickPanelPush(state, toQuickPanelPush({ action: 'removed', kind: 'notes', id: 1, item: null })!)
    expect(state.notes.map((n) => n.id)).toEqual([3])
    expect(applyQuickPanelPush(state, { action: 'removed', kind: 'events', id: 9, item: null })).toBe(state)
    expect(toQuickPanelPush({ action: 'saved', kind: 'notes', id: 1, item: null })).toBeNull()
    expect(toQuickPanelPush({ action: 'saved', kind: 'todos', id: 1, item: { id: 1 } })).toBeNull()
  })
})
