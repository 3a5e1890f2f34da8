/**
 * The chat's one door to the server: the REST calls (data/client.ts) and the typing emit (the realtime
 * socket). Answers come back unparsed (`unknown`): parse.ts reads them. Pushes come in through
 * push.ts, which the socket layer calls.
 */
import { api, errorMessage } from '@/data/client'
import { emitRealtime } from '@/data/live'

import type { ChatPage } from './parse'
import type { PresenceStatus } from './types'

export { errorMessage }

/** GET /api/chat/user, /api/chat/contacts and, when `after` is given, the messages missed since (`/api/chat/messages?after=`). */
export function fetchChatData(after: number | null): Promise<[unknown, unknown, { items?: unknown[] } | null]> {
  return Promise.all([
    api.get<unknown>('/api/chat/user'),
    api.get<unknown>('/api/chat/contacts'),
    after !== null ? api.get<{ items?: unknown[] }>('/api/chat/messages', { query: { after } }) : Promise.resolve(null),
  ])
}

/** GET /api/chat/get-chat: the newest page of the chat with `contactId` (created empty when none exists), or the page before `before`. */
export function fetchChatPage(contactId: number, me: number | null, before?: number): Promise<ChatPage> {
  return api.get<ChatPage>('/api/chat/get-chat', { query: { contactId, userId: me ?? undefined, before } })
}

/** POST /api/chat/read: the open conversation was read (fire and forget: the next sync carries the server's counts). */
export function postRead(chatId: string): void {
  void api.post('/api/chat/read', { chatId }).catch(() => undefined)
}

/** POST /api/chat/send-message. */
export function postMessage(chatId: string, contactId: number, message: { who: number; message: string; time: string }): Promise<{ message?: unknown; userChatData?: unknown }> {
  return api.post<{ message?: unknown; userChatData?: unknown }>('/api/chat/send-message', { chatId, contactId, message })
}

/** POST /api/chat/user/data: the user's own status and/or mood. */
export function postMyChatData(change: { status?: PresenceStatus; mood?: string }): Promise<unknown> {
  return api.post<unknown>('/api/chat/user/data', change)
}

/** Client -> server `chat:typing`; false when the socket is not connected. */
export function emitTyping(chatId: string): boolean {
  return emitRealtime('chat:typing', { chatId })
}
