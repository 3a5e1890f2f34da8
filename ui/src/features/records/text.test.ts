import { describe, expect, it } from 'vitest'

import { matchNumbers, toParts, totalText } from './text'

describe('record page text helpers', () => {
  it('says when a total is only a lower bound', () => {
    expect(totalText(10000, false)).toBe('10,000+')
    expect(totalText(220, true)).toBe('220')
    expect(totalText(220, undefined)).toBe('220')
  })

  it('reads snippets defensively and keeps them text', () => {
    expect(toParts(null)).toBeNull()
    expect(toParts([])).toBeNull()
    expect(toParts([{ text: '<b>x</b>', match: 'yes' }, { text: 'pump', match: true }, 7])).toEqual([
      { text: '<b>x</b>', match: false },
      { text: 'pump', match: true },
    ])
  })

  it('numbers the matches of a text', () => {
    const parts = [
      { text: 'a ', match: false },
      { text: 'pump', match: true },
      { text: ' b ', match: false },
      { text: 'pumps', match: true },
    ]
    expect(matchNumbers(parts)).toEqual([-1, 0, -1, 1])
  })
})
