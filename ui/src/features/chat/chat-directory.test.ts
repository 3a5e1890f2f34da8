import { describe, expect, it } from 'vitest'

import { firstName, searchContacts } from './selectors'
import type { ChatContact } from './types'

const person = (id: number, name: string, role: string | null = 'technician'): ChatContact => ({ id, name, avatar: null, role, status: 'online', mood: '', unread: 0 })

describe('Team Chat directory', () => {
  const sections = { chats: [person(1, 'Taylor Technician'), person(2, 'Zoë Ångström', 'manager')], others: [person(3, 'Sam Okafor'), person(4, 'Lin Chen', 'manager')] }

  it('finds people by any part of their name or role, accents aside, keeping recent conversations first', () => {
    expect(searchContacts(sections, 'okaf')).toEqual({ chats: [], others: [sections.others[0]] })
    expect(searchContacts(sections, 'zoe ang').chats.map((c) => c.id)).toEqual([2])
    expect(searchContacts(sections, 'manager')).toEqual({ chats: [sections.chats[1]], others: [sections.others[1]] })
    expect(searchContacts(sections, '  ')).toEqual(sections)
    expect(searchContacts(sections, 'nobody')).toEqual({ chats: [], others: [] })
  })

  it('shows the first word of a name in the narrow strip', () => {
    expect(firstName('Taylor Technician')).toBe('Taylor')
    expect(firstName('  Cher ')).toBe('Cher')
  })
})
