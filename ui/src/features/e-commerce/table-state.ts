/** Search, sort and paging of the products and orders tables, kept in the URL (?q=&sort=&dir=&page=&perPage=). */

export interface TableState {
  q: string
  sort: string
  dir: 'asc' | 'desc'
  page: number
  perPage: number
}

export const PER_PAGE_CHOICES = [10, 25, 50] as const

export function parseTableState(params: URLSearchParams, defaults: { sort: string; dir: 'asc' | 'desc' }): TableState {
  const perPage = Number(params.get('perPage'))
  const page = Number(params.get('page'))
  const dir = params.get('dir')
  return {
    q: params.get('q') ?? '',
    sort: params.get('sort') || defaults.sort,
    dir: dir === 'asc' || dir === 'desc' ? dir : defaults.dir,
    page: Number.isInteger(page) && page > 0 ? page : 1,
    perPage: (PER_PAGE_CHOICES as readonly number[]).includes(perPage) ? perPage : PER_PAGE_CHOICES[0],
  }
}

/** The state as URL parameters, defaults left out. */
export function serializeTableState(state: TableState, defaults: { sort: string; dir: 'asc' | 'desc' }): URLSearchParams {
  const params = new URLSearchParams()
  if (state.q) params.set('q', state.q)
  if (state.sort !== defaults.sort || state.dir !== defaults.dir) {
    params.set('sort', state.sort)
    params.set('dir', state.dir)
  }
  if (state.page > 1) params.set('page', String(state.page))
  if (state.perPage !== PER_PAGE_CHOICES[0]) params.set('perPage', String(state.perPage))
  return params
}

export type SortValue = string | number | boolean | null | undefined

/**
 * Rows matching every word of `q` (in any of the searchable texts), sorted by `sort`, and the page
 * asked for (the last one when the page is past the end).
 */
export function applyTable<T>(
  rows: readonly T[],
  state: TableState,
  searchText: (row: T) => string,
  sortValue: (row: T, key: string) => SortValue,
): { rows: T[]; total: number; page: number; pages: number } {
  const words = state.q.toLowerCase().split(/\s+/).filter(Boolean)
  const matching = words.length ? rows.filter((row) => words.every((w) => searchText(row).toLowerCase().includes(w))) : [...rows]
  const factor = state.dir === 'asc' ? 1 : -1
  matching.sort((a, b) => compare(sortValue(a, state.sort), sortValue(b, state.sort)) * factor)
  const pages = Math.max(1, Math.ceil(matching.length / state.perPage))
  const page = Math.min(state.page, pages)
  return { rows: matching.slice((page - 1) * state.perPage, page * state.perPage), total: matching.length, page, pages }
}

function compare(a: SortValue, b: SortValue): number {
  if (a === b) return 0
  if (a === null || a === undefined) return 1
  if (b === null || b === undefined) return -1
  if (typeof a === 'number' && typeof b === 'number') return a - b
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b)
  return String(a).localeCompare(String(b), 'en', { numeric: true, sensitivity: 'base' })
}

/** Next sort after a click on a column header: same column flips, another starts ascending. */
export function nextSort(state: TableState, key: string): Pick<TableState, 'sort' | 'dir' | 'page'> {
  return state.sort === key ? { sort: key, dir: state.dir === 'asc' ? 'desc' : 'asc', page: 1 } : { sort: key, dir: 'asc', page: 1 }
}
