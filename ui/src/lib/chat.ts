/**
 * Team Chat state (spec sections 3, 4: chat user, contacts, selected contact, open chat) and the
 * calls and pushes that change it. Pure reducers (tested) do the work; the write atoms below call
 * the API and apply the answers. The socket layer (lib/socket.ts) feeds pushes in through
 * `receiveChatPushAtom`; the panel (app/shell/chat-panel.tsx) reads `chatAtom`.
 *
 * Nothing is lost: messages are stored before they are pushed, and after every reconnect the
 * client refetches the contacts (unread counts) and chat list and asks for the messages it missed
 * (`GET /api/chat/messages?after=`), merged by id without duplicates. `after` is NOT the highest id
 * held: pushes leave two API processes independently, so 101 can arrive before 100, and if the
 * socket drops in between, 100 would never be fetched (ids are handed out at insert, so even an
 * answer holding 101 may lack 100, not yet committed). An id received (pushed, answered, fetched)
 * raises the mark `syncedThrough` only when it arrived PUSH_MARGIN_MS before the socket dropped: any
 * older message had that long to commit and be pushed (see `catchUpAfter`).
 */
import { atom, type Getter } from 'jotai'

import { api, errorMessage } from '@/data/client'
import { userAtom } from './auth'
import { emitRealtime } from '@/data/live'
import { showMessage } from './snackbar'

// --- Types -----------------------------------------------------------------------------------------

export const PRESENCE_STATUSES = ['online', 'do-not-disturb', 'away', 'offline'] as const
/** online, away, do-not-disturb, offline; PRESENCE_STATUSES is the legend order. */
export type PresenceStatus = (typeof PRESENCE_STATUSES)[number]

/** Spec section 4: online green, do-not-disturb red, away amber, offline grey. */
export const PRESENCE: Record<PresenceStatus, { label: string; color: string }> = {
  online: { label: 'Online', color: '#4caf50' },
  'do-not-disturb': { label: 'Do not disturb', color: '#f44336' },
  away: { label: 'Away', color: '#ffc107' },
  offline: { label: 'Offline', color: '#9e9e9e' },
}

export function isPresenceStatus(value: unknown): value is PresenceStatus {
  return typeof value === 'string' && (PRESENCE_STATUSES as readonly string[]).includes(value)
}

export interface ChatMessage {
  id: number
  /** The sender's user id. */
  who: number
  message: string
  /** ISO time. */
  time: string
}

export interface ChatListEntry {
  chatId: string
  contactId: number
  /** Null would mean the chat holds no message yet. */
  lastMessageTime: string | null
}

export interface ChatUser {
  id: number
  name: string
  avatar: string | null
  status: PresenceStatus
  mood: string
  /** Newest first. */
  chatList: ChatListEntry[]
}

export interface ChatContact {
  id: number
  name: string
  avatar: string | null
  role: string | null
  status: PresenceStatus
  mood: string
  unread: number
}

export interface OpenChat {
  id: string
  contactId: number
  /** Oldest first: the newest page when opened, older pages put in front as the reader scrolls up. */
  dialog: ChatMessage[]
  /** `before` for the page of older messages (GET /api/chat/get-chat's olderCursor); null at the start. */
  olderCursor: number | null
  loadingOlder: boolean
  olderError: string | null
}

export interface ChatState {
  user: ChatUser | null
  contacts: ChatContact[]
  status: 'idle' | 'loading' | 'ready' | 'error'
  error: string | null
  selectedContactId: number | null
  chat: OpenChat | null
  chatStatus: 'idle' | 'loading' | 'ready' | 'error'
  chatError: string | null
  /** Messages pushed for the selected contact while their chat was loading. */
  pending: { chatId: string; message: ChatMessage }[]
  /** The client holds every message (of the chats it fetched) up to this id (the last catch-up's `after`). */
  syncedThrough: number
  /** Ids received (pushed, answered, fetched) since the last catch-up, with when they arrived (ms). */
  recent: { id: number; at: number }[]
  /** When the socket first dropped since the last catch-up (ms), if it did. */
  droppedAt: number | null
  /** chatId -> who is typing there, until when (ms). */
  typing: Record<string, { userId: number; until: number }>
}

export interface MessagePush {
  chatId: string
  message: ChatMessage
  userChatData: ChatListEntry | null
}

// --- Parsing (the server's answers and pushes) ------------------------------------------------------

const asRecord = (value: unknown): Record<string, unknown> | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null

const asId = (value: unknown): number | null => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value
  return typeof n === 'number' && Number.isInteger(n) ? n : null
}

/**
 * Nothing a reader would see: whitespace, zero-width and other invisible characters only (the
 * server refuses such a message like an empty one: app/services/chat.py is_blank).
 */
const INVISIBLE = /^[\s\p{Cc}\p{Cf}\p{Zs}\p{Zl}\p{Zp}\p{Mn}\p{Me}\u115F\u1160\u3164\uFFA0\u2800]*$/u
export function isBlankMessage(text: string): boolean {
  return INVISIBLE.test(text)
}

export function toMessage(value: unknown): ChatMessage | null {
  const v = asRecord(value)
  const id = asId(v?.id)
  const who = asId(v?.who)
  if (!v || id === null || who === null) return null
  return { id, who, message: typeof v.message === 'string' ? v.message : '', time: typeof v.time === 'string' ? v.time : '' }
}

export function toChatListEntry(value: unknown): ChatListEntry | null {
  const v = asRecord(value)
  const contactId = asId(v?.contactId)
  if (!v || typeof v.chatId !== 'string' || contactId === null) return null
  return { chatId: v.chatId, contactId, lastMessageTime: typeof v.lastMessageTime === 'string' ? v.lastMessageTime : null }
}

export function toChatUser(value: unknown): ChatUser | null {
  const v = asRecord(value)
  const id = asId(v?.id)
  if (!v || id === null) return null
  return {
    id,
    name: typeof v.name === 'string' ? v.name : '',
    avatar: typeof v.avatar === 'string' && v.avatar ? v.avatar : null,
    status: isPresenceStatus(v.status) ? v.status : 'offline',
    mood: typeof v.mood === 'string' ? v.mood : '',
    chatList: sortChatList(
      (Array.isArray(v.chatList) ? v.chatList : []).map(toChatListEntry).filter((e): e is ChatListEntry => e !== null),
    ),
  }
}

export function toContact(value: unknown): ChatContact | null {
  const v = asRecord(value)
  const id = asId(v?.id)
  if (!v || id === null) return null
  return {
    id,
    name: typeof v.name === 'string' ? v.name : `User ${id}`,
    avatar: typeof v.avatar === 'string' && v.avatar ? v.avatar : null,
    role: typeof v.role === 'string' ? v.role : null,
    status: isPresenceStatus(v.status) ? v.status : 'offline',
    mood: typeof v.mood === 'string' ? v.mood : '',
    unread: typeof v.unread === 'number' && v.unread > 0 ? v.unread : 0,
  }
}

export function toMessagePush(payload: unknown): MessagePush | null {
  const p = asRecord(payload)
  const message = toMessage(p?.message)
  if (!p || typeof p.chatId !== 'string' || !message) return null
  return { chatId: p.chatId, message, userChatData: toChatListEntry(p.userChatData) }
}

// --- Pure reducers ----------------------------------------------------------------------------------

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

const maxId = (current: number, messages: readonly ChatMessage[]) => messages.reduce((max, m) => Math.max(max, m.id), current)

function setUnread(contacts: readonly ChatContact[], contactId: number, unread: (n: number) => number): ChatContact[] {
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

export interface GroupedMessage {
  message: ChatMessage
  mine: boolean
  /** First of a run of messages from one sender. */
  first: boolean
  /** Last of the run: carries the contact's avatar and the time. */
  last: boolean
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

/** Pushes are trusted as a mark only this long before the socket dropped (see the header comment). */
export const PUSH_MARGIN_MS = 10_000

/** The id to ask `GET /api/chat/messages?after=` for: the client holds every message up to it. */
export function catchUpAfter(state: Pick<ChatState, 'syncedThrough' | 'recent' | 'droppedAt'>, now: number): number {
  const cutoff = (state.droppedAt ?? now) - PUSH_MARGIN_MS
  return state.recent.reduce((max, r) => (r.at <= cutoff ? Math.max(max, r.id) : max), state.syncedThrough)
}

/** The socket dropped: remember when (the first drop since the last catch-up counts). */
export function socketDropped(state: ChatState, now: number): ChatState {
  return state.droppedAt === null ? { ...state, droppedAt: now } : state
}

/**
 * Messages fetched after a reconnect (`GET /api/chat/messages?after=`): merged into the open
 * conversation without duplicates, and into the chat list times. Unread counts are not touched:
 * the contacts refetched at the same time carry the server's counts, which include these. `after`
 * becomes the mark; the answer's highest id is received now, like a push.
 */
export function missedMerged(
  state: ChatState,
  items: readonly { chatId: string; message: ChatMessage }[],
  after = 0,
  now = Date.now(),
): ChatState {
  const syncedThrough = Math.max(state.syncedThrough, after)
  const newest = maxId(0, items.map((i) => i.message))
  const recent = [...state.recent.filter((r) => r.id > syncedThrough), ...(newest > syncedThrough ? [{ id: newest, at: now }] : [])]
  let next: ChatState = { ...state, syncedThrough, recent, droppedAt: null }
  if (items.length === 0) return next
  if (state.chat) {
    const open = state.chat
    const mine = items.filter((i) => i.chatId === open.id).map((i) => i.message)
    const dialog = mergeDialog(open.dialog, mine)
    if (dialog !== open.dialog) next = { ...next, chat: { ...open, dialog } }
  }
  if (state.user) {
    let chatList = state.user.chatList
    for (const { chatId, message } of items) {
      const entry = chatList.find((e) => e.chatId === chatId)
      if (entry && message.time && (!entry.lastMessageTime || Date.parse(message.time) > Date.parse(entry.lastMessageTime))) {
        chatList = upsertChatList(chatList, { ...entry, lastMessageTime: message.time })
      }
    }
    if (chatList !== state.user.chatList) next = { ...next, user: { ...state.user, chatList } }
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

/** Who is typing in the open conversation now, if anyone. */
export function typingIn(state: Pick<ChatState, 'chat' | 'typing'>, now: number): { userId: number; until: number } | null {
  if (!state.chat) return null
  const t = state.typing[state.chat.id]
  return t && t.until > now && t.userId === state.chat.contactId ? t : null
}

export function totalUnread(contacts: readonly ChatContact[]): number {
  return contacts.reduce((sum, c) => sum + c.unread, 0)
}

// --- Atoms --------------------------------------------------------------------------------------------

export const chatAtom = atom<ChatState>(initialChatState())

export const chatSectionsAtom = atom((get) => contactSections(get(chatAtom)))

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

/** A message from someone else that did not land in the open conversation (the shell toasts it). */
export interface IncomingMessage {
  contactId: number
  chatId: string
  message: ChatMessage
}

export const incomingMessageAtom = atom<IncomingMessage | null>(null)
export const chatUnreadTotalAtom = atom((get) => totalUnread(get(chatAtom).contacts))

function myId(get: Getter): number | null {
  const state = get(chatAtom)
  if (state.user) return state.user.id
  const user = get(userAtom)
  return user.data ? asId(user.data.id) : null
}

/** Max messages the server answers for one missed-messages call. */
export const MAX_MISSED = 500

function postRead(chatId: string): void {
  void api.post('/api/chat/read', { chatId }).catch(() => undefined)
}

/** Write-only: (re)load the chat user and contacts, and, after a reconnect, what was missed. */
export const syncChatAtom = atom(null, async (get, set) => {
  const before = get(chatAtom)
  // Decided before the calls: a push arriving meanwhile must not hide older messages missed while away.
  const after = catchUpAfter(before, Date.now())
  // Missed messages matter to the open conversation (the chat list and unread counts are refetched).
  const fetchMissed = after > 0 || before.chat !== null
  if (before.status === 'idle' || before.status === 'error') set(chatAtom, { ...get(chatAtom), status: 'loading', error: null })
  try {
    const [userBody, contactsBody, missedBody] = await Promise.all([
      api.get<unknown>('/api/chat/user'),
      api.get<unknown>('/api/chat/contacts'),
      fetchMissed ? api.get<{ items?: unknown[] }>('/api/chat/messages', { query: { after } }) : Promise.resolve(null),
    ])
    const user = toChatUser(userBody)
    if (!user) throw new Error('The chat profile could not be read.')
    const contacts = (Array.isArray(contactsBody) ? contactsBody : []).map(toContact).filter((c): c is ChatContact => c !== null)
    const items = (missedBody?.items ?? []).flatMap((raw) => {
      const r = asRecord(raw)
      const message = toMessage(r?.message)
      return r && typeof r.chatId === 'string' && message ? [{ chatId: r.chatId, message }] : []
    })
    const loaded = chatDataLoaded(get(chatAtom), user, contacts)
    const state = missedBody ? missedMerged(loaded, items, after) : loaded
    set(chatAtom, state)
    const open = state.chat
    if (open) {
      if (items.length >= MAX_MISSED) {
        // More were missed than one answer holds: load the open conversation again.
        await set(selectContactAtom, open.contactId)
      } else if (items.some((i) => i.chatId === open.id && i.message.who !== user.id)) {
        postRead(open.id)
      }
    }
  } catch (error) {
    set(chatAtom, { ...get(chatAtom), status: get(chatAtom).status === 'ready' ? 'ready' : 'error', error: errorMessage(error) })
  }
})

/** A page of GET /api/chat/get-chat, as the server answers it. */
interface ChatPage {
  chat?: { id?: unknown; dialog?: unknown[] }
  userChatData?: unknown
  olderCursor?: unknown
}

const toDialog = (answer: ChatPage | undefined): ChatMessage[] =>
  (answer?.chat?.dialog ?? []).map(toMessage).filter((m): m is ChatMessage => m !== null)

/** Write-only: select a contact and load the chat with them (created empty when none exists). */
export const selectContactAtom = atom(null, async (get, set, contactId: number) => {
  const me = myId(get)
  set(chatAtom, contactSelected(get(chatAtom), contactId))
  try {
    const answer = await api.get<ChatPage>('/api/chat/get-chat', { query: { contactId, userId: me ?? undefined } })
    const id = answer?.chat?.id
    const dialog = toDialog(answer)
    const entry = toChatListEntry(answer?.userChatData) ?? (typeof id === 'string' ? { chatId: id, contactId, lastMessageTime: null } : null)
    if (typeof id !== 'string' || !entry) throw new Error('The conversation could not be read.')
    if (get(chatAtom).selectedContactId !== contactId) return // another contact was picked meanwhile
    const pendingFromContact = get(chatAtom).pending.some((p) => p.chatId === id && p.message.who !== me)
    set(chatAtom, chatLoaded(get(chatAtom), { id, dialog, olderCursor: asId(answer?.olderCursor) }, entry))
    if (pendingFromContact) postRead(id)
  } catch (error) {
    set(chatAtom, chatLoadFailed(get(chatAtom), contactId, errorMessage(error)))
  }
})

/** Write-only: load the page of messages before the oldest one held (the reader scrolled up). */
export const loadOlderMessagesAtom = atom(null, async (get, set) => {
  const chat = get(chatAtom).chat
  if (!chat || chat.olderCursor === null || chat.loadingOlder) return
  set(chatAtom, olderRequested(get(chatAtom), chat.id))
  try {
    const answer = await api.get<ChatPage>('/api/chat/get-chat', {
      query: { contactId: chat.contactId, userId: myId(get) ?? undefined, before: chat.olderCursor },
    })
    set(chatAtom, olderLoaded(get(chatAtom), chat.id, toDialog(answer), asId(answer?.olderCursor)))
  } catch (error) {
    set(chatAtom, olderFailed(get(chatAtom), chat.id, errorMessage(error)))
  }
})

/** Write-only: close the conversation (the panel closed). */
export const closeChatAtom = atom(null, (get, set) => set(chatAtom, chatClosed(get(chatAtom))))

/**
 * Write-only: send a message in the open conversation. Resolves false for an empty text (not
 * sent); rejects with the API error when the send fails (the caller keeps the text and says so).
 */
export const sendMessageAtom = atom(null, async (get, set, text: string): Promise<boolean> => {
  if (isBlankMessage(text)) return false
  const state = get(chatAtom)
  const me = myId(get)
  if (!state.chat || me === null) throw new Error('Open a conversation first.')
  const { id: chatId, contactId } = state.chat
  const answer = await api.post<{ message?: unknown; userChatData?: unknown }>('/api/chat/send-message', {
    chatId,
    contactId,
    message: { who: me, message: text, time: new Date().toISOString() },
  })
  const message = toMessage(answer?.message)
  if (message) set(chatAtom, messageReceived(get(chatAtom), { chatId, message, userChatData: toChatListEntry(answer?.userChatData) }, me))
  return true
})

/** Write-only: the user's own status and/or mood (POST /api/chat/user/data); the others see it live. */
export const updateMyChatDataAtom = atom(null, async (get, set, change: { status?: PresenceStatus; mood?: string }) => {
  const before = get(chatAtom).user
  if (!before) return
  set(chatAtom, { ...get(chatAtom), user: { ...before, ...change } })
  try {
    const user = toChatUser(await api.post<unknown>('/api/chat/user/data', change))
    const current = get(chatAtom).user
    if (user && current) set(chatAtom, { ...get(chatAtom), user: { ...current, status: user.status, mood: user.mood } })
  } catch (error) {
    const current = get(chatAtom).user
    if (current) set(chatAtom, { ...get(chatAtom), user: { ...current, status: before.status, mood: before.mood } })
    showMessage(errorMessage(error), 'error', { title: 'Your status was not saved' })
  }
})

/** Sends `chat:typing` for the open chat, at most every TYPING_THROTTLE_MS. */
let lastTyping = { chatId: '', at: 0 }
export function sendTyping(chatId: string, now = Date.now()): boolean {
  if (chatId === lastTyping.chatId && now - lastTyping.at < TYPING_THROTTLE_MS) return false
  lastTyping = { chatId, at: now }
  return emitRealtime('chat:typing', { chatId })
}

export type ChatPushChannel = 'chat:message' | 'chat:typing' | 'chat:read' | 'presence' | 'presence:batch'

/** One `presence` payload applied to the state; anything malformed is ignored. */
function withPresence(state: ChatState, payload: unknown): ChatState {
  const p = asRecord(payload)
  const userId = asId(p?.userId)
  if (!p || userId === null || !isPresenceStatus(p.status)) return state
  return presenceChanged(state, { userId, status: p.status, mood: typeof p.mood === 'string' ? p.mood : '' })
}

/** Write-only: a chat push from the socket. */
export const receiveChatPushAtom = atom(null, (get, set, { channel, payload }: { channel: ChatPushChannel; payload: unknown }) => {
  const state = get(chatAtom)
  const p = asRecord(payload)
  switch (channel) {
    case 'chat:message': {
      const push = toMessagePush(payload)
      if (!push) return
      const me = myId(get)
      set(chatAtom, messageReceived(state, push, me))
      // A message from the contact into the open conversation: it is read.
      if (state.chat?.id === push.chatId && push.message.who !== me) postRead(push.chatId)
      else if (push.message.who !== me) {
        const contactId = push.userChatData?.contactId ?? state.user?.chatList.find((e) => e.chatId === push.chatId)?.contactId ?? push.message.who
        set(incomingMessageAtom, { contactId, chatId: push.chatId, message: push.message })
      }
      return
    }
    case 'chat:typing': {
      const userId = asId(p?.userId)
      if (p && typeof p.chatId === 'string' && userId !== null) set(chatAtom, typingReceived(state, p.chatId, userId, Date.now()))
      return
    }
    case 'chat:read': {
      const contactId = asId(p?.contactId)
      if (contactId !== null) set(chatAtom, chatRead(state, contactId))
      return
    }
    case 'presence':
      set(chatAtom, withPresence(state, payload))
      return
    case 'presence:batch': {
      // Several users changed at once (many came online together): one push instead of one each.
      const changes = Array.isArray(p?.changes) ? p.changes : []
      set(chatAtom, changes.reduce<ChatState>(withPresence, state))
      return
    }
  }
})

/** Write-only: the realtime socket dropped (lib/socket.ts). */
export const chatSocketDroppedAtom = atom(null, (get, set) => set(chatAtom, socketDropped(get(chatAtom), Date.now())))

export const resetChatAtom = atom(null, (_get, set) => set(chatAtom, initialChatState()))
