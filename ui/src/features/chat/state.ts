/** Pure reducers of the chat state (tested): each takes the state and what happened, and answers the next state. */
import type { ChatContact, ChatListEntry, ChatMessage, ChatState, ChatUser, MessagePush, PresenceStatus } from './types'

export const initialChatState = (): ChatState => ({
  user: null,
  contacts: [],
  status: 'idle',
  error: null,
  selectedContactId: null,
  chat: null,
  chatStatus: 'idle',
  chatError: null,
  pending: [],
  syncedThrough: 0,
  recent: [],
  droppedAt: null,
  typing: {},
})

const timeOf = (entry: ChatListEntry) => (entry.lastMessageTime ? Date.parse(entry.lastMessageTime) || 0 : -Infinity)

/** Newest first (stable for equal times). */
export function sortChatList(list: readonly ChatListEntry[]): ChatListEntry[] {
  return list
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => timeOf(b.entry) - timeOf(a.entry) || a.index - b.index)
    .map((x) => x.entry)
}

/** Spec: 'updates or prepends the matching chatList entry' (kept newest first). */
export function upsertChatList(list: readonly ChatListEntry[], entry: ChatListEntry): ChatListEntry[] {
  return sortChatList([entry, ...list.filter((e) => e.chatId !== entry.chatId)])
}

/** Messages by id, once each, oldest first. */
export function mergeDialog(dialog: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  if (incoming.length === 0) return dialog as ChatMessage[]
  const byId = new Map<number, ChatMessage>()
  for (const m of dialog) byId.set(m.id, m)
  let changed = false
  for (const m of incoming) {
    if (!byId.has(m.id)) changed = true
    byId.set(m.id, m)
  }
  if (!changed) return dialog as ChatMessage[]
  return [...byId.values()].sort((a, b) => a.id - b.id)
}

export const maxId = (current: number, messages: readonly ChatMessage[]) => messages.reduce((max, m) => Math.max(max, m.id), current)

export function setUnread(contacts: readonly ChatContact[], contactId: number, unread: (n: number) => number): ChatContact[] {
  let changed = false
  const next = contacts.map((c) => {
    if (c.id !== contactId) return c
    const value = unread(c.unread)
    if (value === c.unread) return c
    changed = true
    return { ...c, unread: value }
  })
  return changed ? next : (contacts as ChatContact[])
}

/** GET /api/chat/user and /api/chat/contacts answered: the server's unread counts are the truth. */
export function chatDataLoaded(state: ChatState, user: ChatUser, contacts: ChatContact[]): ChatState {
  let next: ChatState = { ...state, user, contacts, status: 'ready', error: null }
  // The open conversation is being read: no unread badge for it.
  if (state.chat) next = { ...next, contacts: setUnread(next.contacts, state.chat.contactId, () => 0) }
  return next
}

/** Selecting a contact: the chat loads (spec: sets the selected contact, loads the chat). */
export function contactSelected(state: ChatState, contactId: number): ChatState {
  return { ...state, selectedContactId: contactId, chat: null, chatStatus: 'loading', chatError: null, pending: [] }
}

/** GET /api/chat/get-chat answered with the newest page (the server marked it read). */
export function chatLoaded(
  state: ChatState,
  chat: { id: string; dialog: ChatMessage[]; olderCursor?: number | null },
  entry: ChatListEntry,
  now = Date.now(),
): ChatState {
  const newest = maxId(0, chat.dialog)
  const pending = state.pending.filter((p) => p.chatId === chat.id).map((p) => p.message)
  const dialog = mergeDialog(mergeDialog([], chat.dialog), pending)
  return {
    ...state,
    chat: { id: chat.id, contactId: entry.contactId, dialog, olderCursor: chat.olderCursor ?? null, loadingOlder: false, olderError: null },
    chatStatus: 'ready',
    chatError: null,
    pending: [],
    contacts: setUnread(state.contacts, entry.contactId, () => 0),
    user: state.user ? { ...state.user, chatList: upsertChatList(state.user.chatList, entry) } : state.user,
    recent: newest > state.syncedThrough ? [...state.recent, { id: newest, at: now }] : state.recent,
  }
}

/** Scrolling up asked for the page before the oldest message held. */
export function olderRequested(state: ChatState, chatId: string): ChatState {
  if (state.chat?.id !== chatId || state.chat.loadingOlder) return state
  return { ...state, chat: { ...state.chat, loadingOlder: true, olderError: null } }
}

/** An older page arrived (`before=`): it goes in front of the dialog, once; the cursor moves back. */
export function olderLoaded(state: ChatState, chatId: string, messages: readonly ChatMessage[], olderCursor: number | null): ChatState {
  if (state.chat?.id !== chatId) return state
  return { ...state, chat: { ...state.chat, dialog: mergeDialog(state.chat.dialog, messages), olderCursor, loadingOlder: false, olderError: null } }
}

export function olderFailed(state: ChatState, chatId: string, error: string): ChatState {
  if (state.chat?.id !== chatId) return state
  return { ...state, chat: { ...state.chat, loadingOlder: false, olderError: error } }
}

export function chatLoadFailed(state: ChatState, contactId: number, error: string): ChatState {
  if (state.selectedContactId !== contactId) return state
  return { ...state, chatStatus: 'error', chatError: error }
}

/** Spec: closing removes the selected contact and clears the chat. */
export function chatClosed(state: ChatState): ChatState {
  if (state.selectedContactId === null && state.chat === null) return state
  return { ...state, selectedContactId: null, chat: null, chatStatus: 'idle', chatError: null, pending: [] }
}

/**
 * A message arrived (pushed to both members on every device, or answered to the sender): it goes
 * into the open conversation (once), or raises the contact's unread count; the chat list entry is
 * updated or prepended. `myId`: the signed-in user.
 */
export function messageReceived(state: ChatState, push: MessagePush, myId: number | null, now = Date.now()): ChatState {
  const { chatId, message } = push
  const entry = push.userChatData ?? state.user?.chatList.find((e) => e.chatId === chatId) ?? null
  const recent = message.id > state.syncedThrough ? [...state.recent, { id: message.id, at: now }] : state.recent
  const next: ChatState = { ...state, recent }
  if (state.user && entry) {
    const updated = push.userChatData ?? { ...entry, lastMessageTime: message.time || entry.lastMessageTime }
    next.user = { ...state.user, chatList: upsertChatList(state.user.chatList, updated) }
  }
  const typing = state.typing[chatId]
  if (typing && typing.userId === message.who) {
    const rest = { ...state.typing }
    delete rest[chatId]
    next.typing = rest
  }
  if (state.chat?.id === chatId) {
    next.chat = { ...state.chat, dialog: mergeDialog(state.chat.dialog, [message]) }
  } else if (entry && state.selectedContactId === entry.contactId && state.chatStatus === 'loading') {
    next.pending = [...state.pending.filter((p) => p.message.id !== message.id), { chatId, message }]
  } else if (entry && message.who !== myId) {
    next.contacts = setUnread(state.contacts, entry.contactId, (n) => n + 1)
  }
  return next
}

/** `chat:read` (read on another device) or POST /api/chat/read answered: the badge clears. */
export function chatRead(state: ChatState, contactId: number): ChatState {
  const contacts = setUnread(state.contacts, contactId, () => 0)
  return contacts === state.contacts ? state : { ...state, contacts }
}

/** `presence`: someone's status or mood changed (or the user's own, from another device). */
export function presenceChanged(state: ChatState, change: { userId: number; status: PresenceStatus; mood: string }): ChatState {
  if (state.user && state.user.id === change.userId) {
    return { ...state, user: { ...state.user, status: change.status, mood: change.mood } }
  }
  if (!state.contacts.some((c) => c.id === change.userId)) return state
  return {
    ...state,
    contacts: state.contacts.map((c) => (c.id === change.userId ? { ...c, status: change.status, mood: change.mood } : c)),
  }
}

export const TYPING_SHOW_MS = 3500
/** Client -> server `chat:typing` at most this often while typing. */
export const TYPING_THROTTLE_MS = 2000

export function typingReceived(state: ChatState, chatId: string, userId: number, now: number): ChatState {
  return { ...state, typing: { ...state.typing, [chatId]: { userId, until: now + TYPING_SHOW_MS } } }
}
