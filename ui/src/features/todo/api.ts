/** The to-do sample area's calls (app/samples/todo.py, /api/todo-app). */
import { api } from '@/data/client'
import { folderListQuery, type FolderListKey } from '@/hooks/use-folder-list'

const BASE = '/api/todo-app'

export interface TodoFolder {
  id: number
  handle: string
  title: string
  icon: string
}

export type TodoFilter = TodoFolder

export interface TodoLabel {
  id: number
  handle: string
  title: string
  color: string
}

export interface Todo {
  id: string
  title: string
  notes: string
  startDate: string | null
  dueDate: string | null
  completed: boolean
  starred: boolean
  important: boolean
  deleted: boolean
  labels: number[]
  folder?: number
}

export type NewTodo = Omit<Todo, 'id'>

export type TodoListKey = FolderListKey

export const getFolders = (signal?: AbortSignal) => api.get<TodoFolder[]>(`${BASE}/folders`, { signal })
export const getFilters = (signal?: AbortSignal) => api.get<TodoFilter[]>(`${BASE}/filters`, { signal })
export const getLabels = (signal?: AbortSignal) => api.get<TodoLabel[]>(`${BASE}/labels`, { signal })
export const getTodos = (key: TodoListKey, signal?: AbortSignal) =>
  api.get<Todo[]>(`${BASE}/todos`, { query: folderListQuery(key), signal })

export const createTodo = (todo: NewTodo) => api.post<Todo>(`${BASE}/new-todo`, todo)
/** Replaces the to-do with the same id. */
export const updateTodo = (todo: Todo) => api.post<Todo>(`${BASE}/update-todo`, todo)
/** Soft delete: the to-do moves to the Deleted view. */
export const removeTodo = (id: string) => api.post<string>(`${BASE}/remove-todo`, id)
/** Removes for good. */
export const deleteTodos = (selectedTodoIds: string[]) => api.post<void>(`${BASE}/delete-todos`, { selectedTodoIds })
