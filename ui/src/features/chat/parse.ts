/** Reading the server's chat answers and pushes into the chat's shapes (anything malformed is dropped). */
import { sortChatList } from './state'
import { isPresenceStatus, type ChatContact, type ChatListEntry, type ChatMessage, type ChatUser, type MessagePush } from './types'

export const asRecord = (value: unknown): Record<string, unknown> | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null

export const asId = (value: unknown): number | null => {
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

/** A page of GET /api/chat/get-chat, as the server answers it. */
export interface ChatPage {
  chat?: { id?: unknown; dialog?: unknown[] }
  userChatData?: unknown
  olderCursor?: unknown
}

export const toDialog = (answer: ChatPage | undefined): ChatMessage[] =>
  (answer?.chat?.dialog ?? []).map(toMessage).filter((m): m is ChatMessage => m !== null)

/** The items of GET /api/chat/messages?after= (the messages missed while away); anything malformed is dropped. */
export function toMissed(items: readonly unknown[]): { chatId: string; message: ChatMessage }[] {
  return items.flatMap((raw) => {
    const r = asRecord(raw)
    const message = toMessage(r?.message)
    return r && typeof r.chatId === 'string' && message ? [{ chatId: r.chatId, message }] : []
  })
}
