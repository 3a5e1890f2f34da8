/** Pure rules of the to-do pages (unit-tested). */
import { folderListKey } from '@/hooks/use-folder-list'
import { fromLocalInput, toLocalInput } from '@/lib/local-input'

import type { NewTodo, Todo, TodoListKey } from './api'

export type OrderBy = 'startDate' | 'dueDate' | 'title'
export const ORDER_OPTIONS: { value: OrderBy; title: string }[] = [
  { value: 'startDate', title: 'Start date' },
  { value: 'dueDate', title: 'Due date' },
  { value: 'title', title: 'Title' },
]

export const listKeyFromParams = (params: { folderHandle?: string; filterHandle?: string; labelHandle?: string }): TodoListKey => folderListKey(params, 'all')

/** Order by a date or the title, either way; to-dos without that date go last either way. */
export function sortTodos(todos: readonly Todo[], by: OrderBy, descending: boolean): Todo[] {
  const dir = descending ? -1 : 1
  return [...todos].sort((a, b) => {
    if (by === 'title') return dir * a.title.localeCompare(b.title, 'en', { sensitivity: 'base' })
    const x = a[by] ? Date.parse(a[by]!) : null
    const y = b[by] ? Date.parse(b[by]!) : null
    if (x === null && y === null) return 0
    if (x === null) return 1
    if (y === null) return -1
    return dir * (x - y)
  })
}

export function searchTodos(todos: readonly Todo[], query: string): Todo[] {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean)
  if (!words.length) return [...todos]
  return todos.filter((t) => {
    const text = `${t.title} ${t.notes}`.toLowerCase()
    return words.every((w) => text.includes(w))
  })
}

export { fromLocalInput, toLocalInput }

export interface TodoForm {
  title: string
  notes: string
  startDate: string
  dueDate: string
  labels: number[]
  completed: boolean
  important: boolean
  starred: boolean
}

export function formFromTodo(todo: Todo | null): TodoForm {
  return {
    title: todo?.title ?? '',
    notes: todo?.notes ?? '',
    startDate: toLocalInput(todo?.startDate ?? null),
    dueDate: toLocalInput(todo?.dueDate ?? null),
    labels: todo?.labels ?? [],
    completed: todo?.completed ?? false,
    important: todo?.important ?? false,
    starred: todo?.starred ?? false,
  }
}

export function validateTodo(form: TodoForm): Partial<Record<keyof TodoForm, string>> {
  const errors: Partial<Record<keyof TodoForm, string>> = {}
  if (!form.title.trim()) errors.title = 'Give the task a title.'
  const start = fromLocalInput(form.startDate)
  const due = fromLocalInput(form.dueDate)
  if (start && due && Date.parse(due) < Date.parse(start)) errors.dueDate = 'The due date must not be before the start date.'
  return errors
}

/** The body for new-todo / update-todo from the form (and the to-do being edited). */
export function todoFromForm(form: TodoForm, base: Todo | null): NewTodo | Todo {
  const fields: NewTodo = {
    title: form.title.trim(),
    notes: form.notes,
    startDate: fromLocalInput(form.startDate),
    dueDate: fromLocalInput(form.dueDate),
    completed: form.completed,
    starred: form.starred,
    important: form.important,
    deleted: base?.deleted ?? false,
    labels: form.labels,
  }
  if (base?.folder !== undefined) fields.folder = base.folder
  return base ? { ...fields, id: base.id } : fields
}

export type DueState = 'overdue' | 'today' | 'later' | null

export function dueState(todo: Todo, now = new Date()): DueState {
  if (!todo.dueDate || todo.completed) return null
  const due = new Date(todo.dueDate)
  if (due.toDateString() === now.toDateString()) return 'today'
  return due.getTime() < now.getTime() ? 'overdue' : 'later'
}

const short = new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric' })
const withYear = new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric', year: 'numeric' })

export function formatTodoDate(iso: string | null, now = new Date()): string {
  if (!iso) return ''
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return ''
  return d.getFullYear() === now.getFullYear() ? short.format(d) : withYear.format(d)
}
