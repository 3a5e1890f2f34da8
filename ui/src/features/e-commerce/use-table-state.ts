import { useCallback, useMemo } from 'react'
import { useSearchParams } from 'react-router-dom'

import { applyTable, nextSort, parseTableState, serializeTableState, type SortValue, type TableState } from './table-state'

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

/**
 * A table's rows as the URL state shows them (searched, sorted, one page) with the header's sort
 * and the search box's handlers.
 */
export function useTableView<T>(
  rows: readonly T[] | null | undefined,
  defaults: { sort: string; dir: 'asc' | 'desc' },
  searchText: (row: T) => string,
  sortValue: (row: T, key: string) => SortValue,
) {
  const [state, update] = useTableState(defaults)
  const view = useMemo(() => applyTable(rows ?? [], state, searchText, sortValue), [rows, state, searchText, sortValue])
  const onSort = useCallback((key: string) => update(nextSort(state, key)), [state, update])
  const onSearch = useCallback((q: string) => update({ q, page: 1 }), [update])
  return { state, update, view, onSort, onSearch }
}
