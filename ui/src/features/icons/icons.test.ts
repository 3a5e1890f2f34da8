import { describe, expect, it } from 'vitest'

import { codePoint, columnsFor, readableName, searchIcons, visibleRows, type IconEntry } from './api'

const icon = (id: number, name: string): IconEntry => ({ order: 1732 + id, id, name, prevSize: 32, code: 59648 + id, ligatures: name, tags: [name] })
const ICONS = [icon(0, 'arrow_back'), icon(1, 'arrow_forward'), icon(2, 'cloud_upload'), icon(3, 'zoom_out')]

describe('icon catalogue', () => {
  it('searches names and tags by every word', () => {
    expect(searchIcons(ICONS, 'arrow').map((i) => i.name)).toEqual(['arrow_back', 'arrow_forward'])
    expect(searchIcons(ICONS, 'arrow back').map((i) => i.name)).toEqual(['arrow_back'])
    expect(searchIcons(ICONS, 'ARROW_FORWARD').map((i) => i.name)).toEqual(['arrow_forward'])
    expect(searchIcons(ICONS, '')).toHaveLength(4)
    expect(searchIcons([{ ...icon(9, 'x'), tags: ['upload'] }], 'upload')).toHaveLength(1)
  })

  it('formats code points and names', () => {
    expect(codePoint(59648)).toBe('U+E900')
    expect(codePoint(60660)).toBe('U+ECF4')
    expect(readableName('add_shopping_cart')).toBe('add shopping cart')
  })

  it('windows the rows', () => {
    expect(columnsFor(1000, 132, 12)).toBe(7)
    expect(columnsFor(50, 132, 12)).toBe(1)
    // 145 rows of 144 px, a 600 px viewport scrolled to 1440 px: rows 10-14 in view, 3 around.
    expect(visibleRows(1440, 600, 144, 145)).toEqual({ first: 7, last: 17 })
    expect(visibleRows(0, 600, 144, 145)).toEqual({ first: 0, last: 7 })
    expect(visibleRows(144 * 144, 600, 144, 145).last).toBe(144)
    expect(visibleRows(0, 600, 144, 0)).toEqual({ first: 0, last: -1 })
  })
})
