import { describe, expect, it } from 'vitest'

import { dayLabel, daySeparators, listTime, searchContacts } from './app-helpers'

describe('chat page helpers', () => {
  it('searches contacts by name and mood', () => {
    const contacts = [
      { name: 'Avery Admin', mood: 'On site today' },
      { name: 'Lin Chen', mood: '' },
    ]
    expect(searchContacts(contacts, 'lin').map((c) => c.name)).toEqual(['Lin Chen'])
    expect(searchContacts(contacts, 'SITE').map((c) => c.name)).toEqual(['Avery Admin'])
    expect(searchContacts(contacts, ' ')).toHaveLength(2)
  })

  it('labels days and puts a separator before each new day', () => {
    const now = new Date(2026, 10, 20, 15)
    expect(dayLabel(new Date(2026, 10, 20, 9).toISOString(), now)).toBe('Today')
    expect(dayLabel(new Date(2026, 10, 19, 9).toISOString(), now)).toBe('Yesterday')
    expect(dayLabel(new Date(2026, 10, 2, 9).toISOString(), now)).toBe('Monday, November 2, 2026')
    const m = (id: number, d: Date) => ({ id, who: 1, message: 'x', time: d.toISOString() })
    const dialog = [m(1, new Date(2026, 10, 19, 9)), m(2, new Date(2026, 10, 19, 10)), m(3, new Date(2026, 10, 20, 8))]
    expect([...daySeparators(dialog)]).toEqual([1, 3])
  })

  it('shows the list time', () => {
    const now = new Date(2026, 10, 20, 15)
    expect(listTime({ chatId: 'c', contactId: 2, lastMessageTime: new Date(2026, 10, 20, 9, 5).toISOString() }, now)).toMatch(/9:05/)
    expect(listTime({ chatId: 'c', contactId: 2, lastMessageTime: new Date(2026, 9, 3).toISOString() }, now)).toBe('Oct 3')
    expect(listTime({ chatId: 'c', contactId: 2, lastMessageTime: null }, now)).toBe('')
  })
})
