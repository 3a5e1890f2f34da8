/** The chat's shapes (spec sections 3, 4): presence, messages, the chat user, contacts and the state both layouts read. */
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

export interface GroupedMessage {
  message: ChatMessage
  mine: boolean
  /** First of a run of messages from one sender. */
  first: boolean
  /** Last of the run: carries the contact's avatar and the time. */
  last: boolean
}

/** A message from someone else that did not land in the open conversation (the shell toasts it). */
export interface IncomingMessage {
  contactId: number
  chatId: string
  message: ChatMessage
}
