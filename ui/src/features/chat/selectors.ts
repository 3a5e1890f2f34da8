/** What the layouts derive from the chat state (pure, tested): the contact sections, search, grouping, typing, unread. */
import type { ChatContact, ChatMessage, ChatState, GroupedMessage } from './types'

/**
 * The contact strip: contacts with chats first (the chat list's order, newest first), then a
 * divider, then every other contact (the directory's order).
 */
export function contactSections(state: Pick<ChatState, 'user' | 'contacts'>): { chats: ChatContact[]; others: ChatContact[] } {
  const byId = new Map(state.contacts.map((c) => [c.id, c]))
  const chats: ChatContact[] = []
  const seen = new Set<number>()
  for (const entry of state.user?.chatList ?? []) {
    if (entry.lastMessageTime === null) continue
    const contact = byId.get(entry.contactId)
    if (!contact || seen.has(contact.id)) continue
    seen.add(contact.id)
    chats.push(contact)
  }
  return { chats, others: state.contacts.filter((c) => !seen.has(c.id)) }
}

/** Groups consecutive messages by sender (spec: first/last styling, avatar on the last). */
export function groupDialog(dialog: readonly ChatMessage[], myId: number | null): GroupedMessage[] {
  return dialog.map((message, i) => ({
    message,
    mine: myId !== null && message.who === myId,
    first: i === 0 || dialog[i - 1].who !== message.who,
    last: i === dialog.length - 1 || dialog[i + 1].who !== message.who,
  }))
}

/** Who is typing in the open conversation now, if anyone. */
export function typingIn(state: Pick<ChatState, 'chat' | 'typing'>, now: number): { userId: number; until: number } | null {
  if (!state.chat) return null
  const t = state.typing[state.chat.id]
  return t && t.until > now && t.userId === state.chat.contactId ? t : null
}

export function totalUnread(contacts: readonly ChatContact[]): number {
  return contacts.reduce((sum, c) => sum + c.unread, 0)
}

/**
 * Contacts whose name (or role) holds every word of the query, case- and accent-insensitive; the
 * recent conversations first (newest first), then everyone else. An empty query keeps them all.
 */
export function searchContacts(sections: { chats: readonly ChatContact[]; others: readonly ChatContact[] }, query: string): { chats: ChatContact[]; others: ChatContact[] } {
  const fold = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase()
  const words = fold(query).split(/\s+/).filter(Boolean)
  const matches = (c: ChatContact) => {
    const haystack = fold(`${c.name} ${c.role ?? ''}`)
    return words.every((w) => haystack.includes(w))
  }
  return { chats: sections.chats.filter(matches), others: sections.others.filter(matches) }
}

/** The name a person goes by in the narrow strip: the first word of their display name. */
export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] || name
}
