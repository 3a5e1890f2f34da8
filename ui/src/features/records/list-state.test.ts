import { describe, expect, it } from 'vitest'

import { assetsConfig, documentsConfig, leadsConfig } from '@/config/records'
import {
  defaultListState,
  nextSort,
  parseListState,
  serializeListState,
  toApiParams,
  visibleColumns,
} from './list-state'

const parse = (query: string, config = assetsConfig) => parseListState(new URLSearchParams(query), config)

describe('list state in the URL', () => {
  it('reads an empty URL as the defaults and writes the defaults as nothing', () => {
    expect(parse('')).toEqual(defaultListState(assetsConfig))
    expect(serializeListState(defaultListState(assetsConfig), assetsConfig).toString()).toBe('')
  })

  it('round-trips a full view', () => {
    const query = 'q=pump&status=GOOD%2CBAD&risk=HH&mine=1&sort=name&order=desc&perPage=50&page=3&cols=tag%2Cname%2Cstatus'
    const state = parse(query)
    expect(state).toMatchObject({
      page: 3,
      perPage: 50,
      sort: 'name',
      order: 'desc',
      q: 'pump',
      filters: { status: ['GOOD', 'BAD'], risk: ['HH'] },
      mine: true,
      columns: ['tag', 'name', 'status'],
    })
    expect(parse(serializeListState(state, assetsConfig).toString())).toEqual(state)
  })

  it('ignores values it cannot use', () => {
    const state = parse('page=-2&perPage=7&sort=password&order=sideways&stage=won&cols=nope&view=board')
    expect(state).toEqual(defaultListState(assetsConfig)) // stage is not an asset filter; board is for leads
    expect(parse('view=board', leadsConfig).view).toBe('board')
  })

  it('builds the API query, with the "mine" filter for the signed-in user', () => {
    const state = parse('q=%20valve%20&status=POOR&mine=1&sort=tag&order=asc')
    expect(toApiParams(state, assetsConfig, '7')).toEqual({
      page: 1,
      perPage: 25,
      sort: 'tag',
      order: 'asc',
      q: 'valve',
      status: 'POOR',
      assignedTechnicianId: '7',
    })
    expect(toApiParams(parse('mine=1', documentsConfig), documentsConfig, '3')).toMatchObject({ uploadedById: '3' })
  })

  it('orders a search by relevance until a column is chosen', () => {
    const params = toApiParams(parse('q=valve'), assetsConfig)
    expect(params.sort).toBeUndefined()
    expect(params.q).toBe('valve')
    expect(toApiParams(parse(''), assetsConfig).sort).toBe('tag')
  })

  it('pages by cursor when it has one, and keeps it in the URL', () => {
    const state = parse('page=3&cursor=abc')
    expect(state.cursor).toBe('abc')
    expect(toApiParams(state, assetsConfig)).toMatchObject({ cursor: 'abc', page: undefined })
    expect(serializeListState(state, assetsConfig).get('cursor')).toBe('abc')
  })

  it('sorts by a clicked column, flipping the order on a second click, from page 1', () => {
    const state = { ...defaultListState(assetsConfig), page: 4 }
    expect(nextSort(state, 'name')).toEqual({ sort: 'name', order: 'asc', page: 1, sortChosen: true })
    expect(nextSort({ ...state, sort: 'name' }, 'name')).toEqual({ sort: 'name', order: 'desc', page: 1, sortChosen: true })
  })

  it('shows the chosen columns in table order', () => {
    const state = { ...defaultListState(assetsConfig), columns: ['status', 'tag'] }
    expect(visibleColumns(state, assetsConfig).map((c) => c.key)).toEqual(['tag', 'status'])
    expect(visibleColumns(defaultListState(assetsConfig), assetsConfig).map((c) => c.key)).toContain('nextInspection')
  })
})
