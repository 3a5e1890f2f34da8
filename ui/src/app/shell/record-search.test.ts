import { describe, expect, it } from 'vitest'

import { hitHref, shortSnippet } from './record-search'

describe('record search in the toolbar', () => {
  it('cuts a snippet so its first match stays on the line', () => {
    const parts = [
      { text: '… routine entries about pumps and valves. The ', match: false },
      { text: 'zq1', match: true },
      { text: ' gauge', match: false },
    ]
    const short = shortSnippet(parts)
    expect(short[0].text.startsWith('… ')).toBe(true)
    expect(short[0].text.length).toBeLessThanOrEqual(27)
    expect(short.slice(1)).toEqual(parts.slice(1))
    expect(shortSnippet(null)).toEqual([])
  })

  it('opens a document with the words, other records as they are', () => {
    const doc = { kind: 'document' as const, id: 3, title: 't', context: '', link: '/documents/3' }
    expect(hitHref(doc, ' pump log ')).toBe('/documents/3?q=pump%20log')
    expect(hitHref({ ...doc, kind: 'asset', link: '/assets/3' }, 'x')).toBe('/assets/3')
  })
})
