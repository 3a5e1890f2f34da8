import { useAtom, type PrimitiveAtom } from 'jotai'
import { useCallback, useEffect, useState } from 'react'

/** Which list of a mail-like app (mail, to-do) a page shows: a label, a filter or a folder, by handle. */
export type FolderListKey = { kind: 'folder' | 'filter' | 'label'; handle: string }

/** The list a route names: label, then filter, then folder (`fallback` when nothing is named). */
export function folderListKey(params: { folderHandle?: string; filterHandle?: string; labelHandle?: string }, fallback: string): FolderListKey {
  if (params.labelHandle) return { kind: 'label', handle: params.labelHandle }
  if (params.filterHandle) return { kind: 'filter', handle: params.filterHandle }
  return { kind: 'folder', handle: params.folderHandle || fallback }
}

export const folderListId = (key: FolderListKey) => `${key.kind}:${key.handle}`

/** The list's query to the API: label, then filter, then folder (the API's own precedence). */
export function folderListQuery(key: FolderListKey): Record<string, string> {
  if (key.kind === 'label') return { labelHandle: key.handle }
  if (key.kind === 'filter') return { filterHandle: key.handle }
  return { folderHandle: key.handle }
}

/** The list's name in the area's folders, filters or labels; its handle until they load. */
export function folderListTitle(
  key: FolderListKey,
  meta: { folders: readonly { handle: string; title: string }[]; filters: readonly { handle: string; title: string }[]; labels: readonly { handle: string; title: string }[]; loaded: boolean },
): string {
  const named = key.kind === 'folder' ? meta.folders : key.kind === 'filter' ? meta.filters : meta.labels
  return named.find((n) => n.handle === key.handle)?.title ?? (meta.loaded ? key.handle : '')
}

/** The list on screen and the key it was fetched for. */
export type FolderListState<T> = { key: string; items: T[] } | null

/**
 * One list of a mail-like app, fetched into the area's atom whenever the key changes; `reload`
 * fetches it again. `onLoaded` (stable) hears every fetched list.
 */
export function useFolderList<T>(
  listAtom: PrimitiveAtom<FolderListState<T>>,
  key: FolderListKey,
  load: (key: FolderListKey, signal: AbortSignal) => Promise<T[]>,
  onLoaded?: (items: T[]) => void,
) {
  const [list, setList] = useAtom(listAtom)
  const [attempt, setAttempt] = useState(0)
  const [failure, setFailure] = useState<{ id: string; error: unknown } | null>(null)
  const id = folderListId(key)
  useEffect(() => {
    const controller = new AbortController()
    const [kind, ...rest] = id.split(':')
    load({ kind, handle: rest.join(':') } as FolderListKey, controller.signal).then(
      (items) => {
        setList({ key: id, items })
        setFailure(null)
        onLoaded?.(items)
      },
      (e: unknown) => !controller.signal.aborted && setFailure({ id, error: e }),
    )
    return () => controller.abort()
  }, [id, attempt, setList, load, onLoaded])
  return {
    items: list?.key === id ? list.items : null,
    error: failure?.id === id ? failure.error : null,
    reload: useCallback(() => setAttempt((n) => n + 1), []),
  }
}
