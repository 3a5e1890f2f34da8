/** Pure helpers of the full-page chat (unit-tested); the chat state lives in atoms.ts. */
import type { ChatContact, ChatListEntry, ChatMessage } from './types'

export function searchContacts<T extends Pick<ChatContact, 'name' | 'mood'>>(contacts: readonly T[], query: string): T[] {
  const q = query.trim().toLowerCase()
  return q ? contacts.filter((c) => c.name.toLowerCase().includes(q) || c.mood.toLowerCase().includes(q)) : [...contacts]
}

const dayFormat = new Intl.DateTimeFormat('en', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' })

export function dayLabel(iso: string, now = new Date()): string {
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return ''
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate())
  const day = new Date(d.getFullYear(), d.getMonth(), d.getDate())
  const diff = Math.round((today.getTime() - day.getTime()) / 86400000)
  if (diff === 0) return 'Today'
  if (diff === 1) return 'Yesterday'
  return dayFormat.format(d)
}

/** Where a day separator goes: before the first message of each local day. */
export function daySeparators(dialog: readonly ChatMessage[]): Set<number> {
  const starts = new Set<number>()
  let last = ''
  for (const m of dialog) {
    const d = new Date(m.time)
    const key = Number.isNaN(d.getTime()) ? '' : d.toDateString()
    if (key !== last) starts.add(m.id)
    last = key
  }
  return starts
}

const time = new Intl.DateTimeFormat('en', { hour: 'numeric', minute: '2-digit' })
const shortDay = new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric' })

/** In the chat list: the time today, the day before that. */
export function listTime(entry: ChatListEntry | undefined, now = new Date()): string {
  if (!entry?.lastMessageTime) return ''
  const d = new Date(entry.lastMessageTime)
  if (Number.isNaN(d.getTime())) return ''
  return d.toDateString() === now.toDateString() ? time.format(d) : shortDay.format(d)
}
