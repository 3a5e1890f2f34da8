import { atom } from 'jotai'

import type { FolderListState } from '@/hooks/use-folder-list'

import type { Todo, TodoFilter, TodoFolder, TodoLabel } from './api'
import type { OrderBy } from './todo-utils'

export const todoFoldersAtom = atom<TodoFolder[] | null>(null)
export const todoFiltersAtom = atom<TodoFilter[] | null>(null)
export const todoLabelsAtom = atom<TodoLabel[] | null>(null)

/** The list on screen, tagged with the list it answers ('filter:starred'). */
export const todoListAtom = atom<FolderListState<Todo>>(null)

export const todoSearchAtom = atom('')
export const todoOrderAtom = atom<{ by: OrderBy; descending: boolean }>({ by: 'startDate', descending: false })
export const todoSidebarOpenAtom = atom(false)

/** The task dialog: closed, a new task, or the task being edited. */
export const todoDialogAtom = atom<{ mode: 'new' } | { mode: 'edit'; todo: Todo } | null>(null)
