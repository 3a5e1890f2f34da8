import { useAtom, useSetAtom } from 'jotai'
import { useCallback, useEffect, useState } from 'react'

import { getFilters, getFolders, getLabels, getTodos, type Todo, type TodoListKey } from './api'
import { todoFiltersAtom, todoFoldersAtom, todoLabelsAtom, todoListAtom } from './atoms'
import { keyId } from './todo-utils'

export function useTodoMeta() {
  const [folders, setFolders] = useAtom(todoFoldersAtom)
  const [filters, setFilters] = useAtom(todoFiltersAtom)
  const [labels, setLabels] = useAtom(todoLabelsAtom)
  const [error, setError] = useState<unknown>(null)
  const loaded = Boolean(folders && filters && labels)
  useEffect(() => {
    if (loaded) return
    const controller = new AbortController()
    Promise.all([getFolders(controller.signal), getFilters(controller.signal), getLabels(controller.signal)]).then(
      ([fo, fi, la]) => {
        setFolders(fo)
        setFilters(fi)
        setLabels(la)
      },
      (e: unknown) => !controller.signal.aborted && setError(e),
    )
    return () => controller.abort()
  }, [loaded, setFolders, setFilters, setLabels])
  return { folders: folders ?? [], filters: filters ?? [], labels: labels ?? [], loaded, error }
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
