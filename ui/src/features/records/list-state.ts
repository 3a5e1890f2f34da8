/**
 * The list's state lives in the URL, so a link or a reload shows the same view:
 * ?page=2&perPage=50&sort=name&order=desc&q=pump&status=GOOD,BAD&mine=1&cols=tag,name,status&view=board
 * Defaults are left out of the URL. Next and previous move by keyset `cursor` (the page number is
 * then only shown); a page number chosen directly is asked for by offset.
 */
import type { ListParams } from '@/data/records'

import type { ResourceConfig } from '@/config/records'

export const PER_PAGE_CHOICES = [10, 25, 50, 100] as const
export const DEFAULT_PER_PAGE = 25

export interface ListState {
  page: number
  /** The keyset cursor the page was reached by (null: by page number). */
  cursor: string | null
  /** The person chose a column to sort by; without it a search is ordered by relevance. */
  sortChosen: boolean
  perPage: number
  sort: string
  order: 'asc' | 'desc'
  q: string
  filters: Record<string, string[]>
  mine: boolean
  /** Visible columns, in table order; null = the configured defaults. */
  columns: string[] | null
  view: 'list' | 'board'
}

export function defaultListState(config: ResourceConfig): ListState {
  return {
    page: 1,
    cursor: null,
    sortChosen: false,
    perPage: DEFAULT_PER_PAGE,
    sort: config.defaultSort.sort,
    order: config.defaultSort.order,
    q: '',
    filters: {},
    mine: false,
    columns: null,
    view: 'list',
  }
}

function sortKeys(config: ResourceConfig): string[] {
  return config.columns.filter((c) => c.sortable !== false).map((c) => c.sortKey ?? c.key)
}

function splitList(raw: string | null): string[] {
  return (raw ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean)
}

export function parseListState(search: URLSearchParams, config: ResourceConfig): ListState {
  const state = defaultListState(config)
  const page = Number(search.get('page'))
  if (Number.isInteger(page) && page >= 1) state.page = page
  const perPage = Number(search.get('perPage'))
  if ((PER_PAGE_CHOICES as readonly number[]).includes(perPage)) state.perPage = perPage
  const sort = search.get('sort')
  if (sort && sortKeys(config).includes(sort)) {
    state.sort = sort
    state.sortChosen = true
  }
  const cursor = search.get('cursor')
  if (cursor && cursor.length <= 1000) state.cursor = cursor
  const order = search.get('order')
  if (order === 'asc' || order === 'desc') state.order = order
  state.q = (search.get('q') ?? '').slice(0, 200)
  for (const filter of config.filters) {
    const values = [...new Set(splitList(search.get(filter.key)))]
    if (values.length) state.filters[filter.key] = values
  }
  state.mine = search.get('mine') === '1'
  const known = new Set(config.columns.map((c) => c.key))
  const columns = splitList(search.get('cols')).filter((c) => known.has(c))
  if (columns.length) state.columns = [...new Set(columns)]
  if (search.get('view') === 'board' && config.resource === 'leads') state.view = 'board'
  return state
}

export function serializeListState(state: ListState, config: ResourceConfig): URLSearchParams {
  const d = defaultListState(config)
  const params = new URLSearchParams()
  if (state.view !== d.view) params.set('view', state.view)
  if (state.q.trim()) params.set('q', state.q.trim())
  for (const filter of config.filters) {
    const values = state.filters[filter.key]
    if (values?.length) params.set(filter.key, values.join(','))
  }
  if (state.mine) params.set('mine', '1')
  if (state.sortChosen || state.sort !== d.sort || state.order !== d.order) {
    params.set('sort', state.sort)
    params.set('order', state.order)
  }
  if (state.perPage !== d.perPage) params.set('perPage', String(state.perPage))
  if (state.page !== 1) params.set('page', String(state.page))
  if (state.cursor) params.set('cursor', state.cursor)
  if (state.columns) params.set('cols', state.columns.join(','))
  return params
}

/** The query sent to GET /{resource}. `userId` fills the "mine" filter. */
export function toApiParams(state: ListState, config: ResourceConfig, userId?: string): ListParams {
  const q = state.q.trim()
  const relevance = q !== '' && !state.sortChosen // a search without a chosen column: best matches first
  const params: ListParams = {
    page: state.cursor ? undefined : state.page,
    cursor: state.cursor ?? undefined,
    perPage: state.perPage,
    sort: relevance ? undefined : state.sort,
    order: relevance ? undefined : state.order,
    q: q || undefined,
  }
  for (const [key, values] of Object.entries(state.filters)) {
    if (values.length) params[key] = values.join(',')
  }
  if (state.mine && userId) params[config.mineFilter.key] = userId
  return params
}

/** The visible columns in table order. */
export function visibleColumns(state: ListState, config: ResourceConfig) {
  if (!state.columns) return config.columns.filter((c) => c.visible)
  const chosen = new Set(state.columns)
  return config.columns.filter((c) => chosen.has(c.key))
}

/** Clicking a column header: a new column sorts ascending; the same column flips the order. */
export function nextSort(state: ListState, key: string): Pick<ListState, 'sort' | 'order' | 'page' | 'sortChosen'> {
  if (state.sort === key) return { sort: key, order: state.order === 'asc' ? 'desc' : 'asc', page: 1, sortChosen: true }
  return { sort: key, order: 'asc', page: 1, sortChosen: true }
}
