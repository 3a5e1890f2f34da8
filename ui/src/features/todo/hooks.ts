import { useSetAtom } from 'jotai'
import { useCallback } from 'react'

import { useFolderList } from '@/hooks/use-folder-list'
import { useFolderMeta } from '@/hooks/use-folder-meta'

import { getFilters, getFolders, getLabels, getTodos, type Todo, type TodoListKey } from './api'
import { todoFiltersAtom, todoFoldersAtom, todoLabelsAtom, todoListAtom } from './atoms'

const TODO_META_ATOMS = { folders: todoFoldersAtom, filters: todoFiltersAtom, labels: todoLabelsAtom }
const TODO_META_LOAD = { folders: getFolders, filters: getFilters, labels: getLabels }

/** Folders, filters and labels, loaded once for the whole area. */
export function useTodoMeta() {
  return useFolderMeta(TODO_META_ATOMS, TODO_META_LOAD)
}

/** The to-dos of one list; `reload` fetches it again. */
export function useTodoList(key: TodoListKey) {
  const { items, error, reload } = useFolderList(todoListAtom, key, getTodos)
  return { todos: items, error, reload }
}

/** Put a saved to-do into the list on screen, or take it out when it no longer belongs there. */
export function useReplaceTodo() {
  const setList = useSetAtom(todoListAtom)
  return useCallback(
    (id: string, next: Todo | null) =>
      setList((list) => (list ? { ...list, items: next ? list.items.map((t) => (t.id === id ? next : t)) : list.items.filter((t) => t.id !== id) } : list)),
    [setList],
  )
}
