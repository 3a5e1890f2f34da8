import { useCallback, useMemo } from 'react'
import { useSearchParams } from 'react-router-dom'

import { parseTableState, serializeTableState, type TableState } from './table-state'

/** The table state in the URL; typing in the search box replaces the history entry. */
export function useTableState(defaults: { sort: string; dir: 'asc' | 'desc' }) {
  const [params, setParams] = useSearchParams()
  const { sort, dir } = defaults
  const state = useMemo(() => parseTableState(params, { sort, dir }), [params, sort, dir])
  const update = useCallback(
    (patch: Partial<TableState>) => {
      setParams((current) => serializeTableState({ ...parseTableState(current, { sort, dir }), ...patch }, { sort, dir }), {
        replace: patch.q !== undefined,
      })
    },
    [setParams, sort, dir],
  )
  return [state, update] as const
}
