import { describe, expect, it } from 'vitest'

import { blankBoard, blankCard, checklistProgress, coverOf, dueState, labelColor, mediaUrl, moveCard, moveList, sameOrder, slugify } from './board-utils'

const lists = [
  { id: 'a', name: 'A', idCards: ['1', '2', '3'] },
  { id: 'b', name: 'B', idCards: ['4'] },
  { id: 'c', name: 'C', idCards: [] },
]

describe('scrumboard rules', () => {
  it('moves a card to another list, before a card or to the end', () => {
    expect(moveCard(lists, '2', 'b', '4').map((l) => l.idCards)).toEqual([['1', '3'], ['2', '4'], []])
    expect(moveCard(lists, '2', 'c', null).map((l) => l.idCards)).toEqual([['1', '3'], ['4'], ['2']])
    expect(moveCard(lists, '3', 'a', '1').map((l) => l.idCards)).toEqual([['3', '1', '2'], ['4'], []])
    expect(moveCard(lists, '1', 'a', null).map((l) => l.idCards)).toEqual([['2', '3', '1'], ['4'], []])
  })

  it('moves a list before another or to the end', () => {
    expect(moveList(lists, 'c', 'a').map((l) => l.id)).toEqual(['c', 'a', 'b'])
    expect(moveList(lists, 'a', null).map((l) => l.id)).toEqual(['b', 'c', 'a'])
    expect(moveList(lists, 'a', 'a').map((l) => l.id)).toEqual(['a', 'b', 'c'])
  })

  it('knows when the order did not change', () => {
    expect(sameOrder(lists, moveCard(lists, '3', 'a', null))).toBe(true)
    expect(sameOrder(lists, moveCard(lists, '1', 'b', null))).toBe(false)
  })

  it('builds new boards and cards that the API accepts', () => {
    const board = blankBoard('Plant Upgrade 2!')
    expect(board.uri).toBe('plant-upgrade-2')
    expect(board.id).toMatch(/^[0-9a-f]{24}$/)
    expect(board.lists).toEqual([])
    expect(new Set(board.labels.map((l) => l.id)).size).toBe(board.labels.length)
    expect(blankCard('Fix')).toMatchObject({ name: 'Fix', due: null, idAttachmentCover: '' })
    expect(slugify('  ')).toBe('board')
    expect(slugify('Plant Upgrade: Phase 2 (Süd)')).toBe('plant-upgrade-phase-2-sud') // as the server's slugify
  })

  it('colours labels, counts checklists, reads due dates and covers', () => {
    expect(labelColor('bg-red text-white')).toBe('#e53935')
    expect(labelColor('whatever')).toBe('#607d8b')
    expect(checklistProgress([{ id: 1, name: 'x', checkItems: [{ id: 1, name: 'a', checked: true }, { id: 2, name: 'b', checked: false }] }])).toEqual({ done: 1, total: 2 })
    const now = new Date('2026-11-20T12:00:00Z')
    expect(dueState('2026-11-19T12:00:00Z', now)).toBe('overdue')
    expect(dueState('2026-11-21T12:00:00Z', now)).toBe('soon')
    expect(dueState('2026-12-21T12:00:00Z', now)).toBe('later')
    expect(mediaUrl('/assets/images/scrumboard/cover-3.jpg')).toBeNull()
    const card = { ...blankCard('x'), idAttachmentCover: 'i', attachments: [{ id: 'i', name: 'a', type: 'image' as const, src: 'https://x.example/a.jpg', time: '' }] }
    expect(coverOf(card)).toBe('https://x.example/a.jpg')
  })
})
