import { useAtom, useSetAtom } from 'jotai'
import { useCallback, useEffect, useState } from 'react'

import { useFolderMeta } from '@/hooks/use-folder-meta'

import { getFilters, getFolders, getLabels, getTodos, type Todo, type TodoListKey } from './api'
import { todoFiltersAtom, todoFoldersAtom, todoLabelsAtom, todoListAtom } from './atoms'
import { keyId } from './todo-utils'

const TODO_META_ATOMS = { folders: todoFoldersAtom, filters: todoFiltersAtom, labels: todoLabelsAtom }
const TODO_META_LOAD = { folders: getFolders, filters: getFilters, labels: getLabels }

/** Folders, filters and labels, loaded once for the whole area. */
export function useTodoMeta() {
  return useFolderMeta(TODO_META_ATOMS, TODO_META_LOAD)
}

export function useTodoList(key: TodoListKey) {
  const [list, setList] = useAtom(todoListAtom)
  const [attempt, setAttempt] = useState(0)
  const [failure, setFailure] = useState<{ id: string; error: unknown } | null>(null)
  const id = keyId(key)
  useEffect(() => {
    const controller = new AbortController()
    const [kind, ...rest] = id.split(':')
    getTodos({ kind, handle: rest.join(':') } as TodoListKey, controller.signal).then(
      (todos) => {
        setList({ key: id, todos })
        setFailure(null)
      },
      (e: unknown) => !controller.signal.aborted && setFailure({ id, error: e }),
    )
    return () => controller.abort()
  }, [id, attempt, setList])
  return {
    todos: list?.key === id ? list.todos : null,
    error: failure?.id === id ? failure.error : null,
    reload: useCallback(() => setAttempt((n) => n + 1), []),
  }
}

/** Put a saved to-do into the list on screen, or take it out when it no longer belongs there. */
export function useReplaceTodo() {
  const setList = useSetAtom(todoListAtom)
  return useCallback(
    (id: string, next: Todo | null) =>
      setList((list) => (list ? { ...list, todos: next ? list.todos.map((t) => (t.id === id ? next : t)) : list.todos.filter((t) => t.id !== id) } : list)),
    [setList],
  )
}
