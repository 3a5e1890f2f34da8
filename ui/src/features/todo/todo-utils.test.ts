import { describe, expect, it } from 'vitest'

import type { Todo } from './api'
import { dueState, formFromTodo, fromLocalInput, listKeyFromParams, searchTodos, sortTodos, todoFromForm, toLocalInput, validateTodo } from './todo-utils'

const todo = (id: string, extra: Partial<Todo> = {}): Todo => ({
  id,
  title: `Task ${id}`,
  notes: '',
  startDate: null,
  dueDate: null,
  completed: false,
  starred: false,
  important: false,
  deleted: false,
  labels: [],
  ...extra,
})

describe('to-do rules', () => {
  it('reads the list from the route', () => {
    expect(listKeyFromParams({})).toEqual({ kind: 'folder', handle: 'all' })
    expect(listKeyFromParams({ filterHandle: 'deleted' })).toEqual({ kind: 'filter', handle: 'deleted' })
    expect(listKeyFromParams({ labelHandle: 'api' })).toEqual({ kind: 'label', handle: 'api' })
  })

  it('orders by a date either way, undated last, or by title', () => {
    const list = [
      todo('a', { title: 'beta', dueDate: '2026-12-02T10:00:00Z' }),
      todo('b', { title: 'Alpha', dueDate: null }),
      todo('c', { title: 'gamma', dueDate: '2026-11-02T10:00:00Z' }),
    ]
    expect(sortTodos(list, 'dueDate', false).map((t) => t.id)).toEqual(['c', 'a', 'b'])
    expect(sortTodos(list, 'dueDate', true).map((t) => t.id)).toEqual(['a', 'c', 'b'])
    expect(sortTodos(list, 'title', false).map((t) => t.id)).toEqual(['b', 'a', 'c'])
    expect(sortTodos(list, 'title', true).map((t) => t.id)).toEqual(['c', 'a', 'b'])
  })

  it('searches title and notes', () => {
    const list = [todo('a', { title: 'Pump', notes: 'yard' }), todo('b', { title: 'Valve' })]
    expect(searchTodos(list, 'YARD').map((t) => t.id)).toEqual(['a'])
  })

  it('round-trips dates through the datetime-local input', () => {
    const iso = '2026-12-03T17:00:00.000Z'
    expect(fromLocalInput(toLocalInput(iso))).toBe(iso)
    expect(fromLocalInput('')).toBeNull()
  })

  it('checks the form and builds the bodies', () => {
    const form = { ...formFromTodo(null), title: '  Fix  ', startDate: '2026-12-02T10:00', dueDate: '2026-12-01T10:00' }
    expect(validateTodo(form)).toEqual({ dueDate: 'The due date must not be before the start date.' })
    expect(validateTodo({ ...form, title: ' ' }).title).toBe('Give the task a title.')
    const body = todoFromForm({ ...form, dueDate: '' }, null)
    expect(body).toMatchObject({ title: 'Fix', dueDate: null, deleted: false })
    expect('id' in body).toBe(false)
    expect(todoFromForm(form, todo('x', { folder: 0, deleted: true }))).toMatchObject({ id: 'x', folder: 0, deleted: true })
  })

  it('knows overdue and due today', () => {
    const now = new Date('2026-11-20T12:00:00')
    expect(dueState(todo('a', { dueDate: new Date('2026-11-19T12:00:00').toISOString() }), now)).toBe('overdue')
    expect(dueState(todo('a', { dueDate: new Date('2026-11-20T18:00:00').toISOString() }), now)).toBe('today')
    expect(dueState(todo('a', { dueDate: new Date('2026-11-19T12:00:00').toISOString(), completed: true }), now)).toBeNull()
  })
})
