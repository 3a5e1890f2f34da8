import { useCallback, useEffect, useState } from 'react'

export interface ApiData<T> {
  /** 'loading' only until the first answer for the current key; later refetches keep the data. */
  status: 'loading' | 'success' | 'error'
  data: T | null
  error: unknown
  /** A refetch for a new key (or a reload) runs while the previous data stays on screen. */
  refreshing: boolean
  reload: () => void
  /** Replace the shown data (after a save answered the new version). */
  setData: (update: T | ((current: T | null) => T)) => void
}

/**
 * Loads what a page shows from the API: once per `key` (null = nothing to load yet), again on
 * `reload()`, aborting the call a newer key or an unmount makes stale.
 */
export function useApiData<T>(key: string | null, load: (signal: AbortSignal) => Promise<T>): ApiData<T> {
  const [attempt, setAttempt] = useState(0)
  const [state, setState] = useState<{ data: T | null; error: unknown; answered: string | null; failed: boolean }>({
    data: null,
    error: null,
    answered: null,
    failed: false,
  })
  const token = key === null ? null : `${key}#${attempt}`

  useEffect(() => {
    if (token === null) return
    const controller = new AbortController()
    load(controller.signal).then(
      (data) => {
        // An empty answer (the sample API's "not found") is kept as null.
        if (!controller.signal.aborted) setState({ data: data ?? null, error: null, answered: token, failed: false })
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState((s) => ({ data: s.data, error, answered: token, failed: true }))
      },
    )
    return () => controller.abort()
    // `load` is expected to change with `key`; the key decides when to fetch again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token])

  const reload = useCallback(() => setAttempt((n) => n + 1), [])
  const setData = useCallback(
    (update: T | ((current: T | null) => T)) =>
      setState((s) => ({
        ...s,
        data: typeof update === 'function' ? (update as (current: T | null) => T)(s.data) : update,
        answered: s.answered ?? 'local',
        failed: false,
        error: null,
      })),
    [],
  )
  const status: ApiData<T>['status'] = state.failed ? 'error' : state.answered !== null ? 'success' : 'loading'
  return { status, data: state.data, error: state.error, refreshing: token !== null && state.answered !== token, reload, setData }
}
