/**
 * The catch-up after a reconnect (pure, tested). Nothing is lost: messages are stored before they
 * are pushed, and after every reconnect the client refetches the contacts (unread counts) and chat list and asks for the messages it missed
 * (`GET /api/chat/messages?after=`), merged by id without duplicates. `after` is NOT the highest id
 * held: pushes leave two API processes independently, so 101 can arrive before 100, and if the
 * socket drops in between, 100 would never be fetched (ids are handed out at insert, so even an
 * answer holding 101 may lack 100, not yet committed). An id received (pushed, answered, fetched)
 * raises the mark `syncedThrough` only when it arrived PUSH_MARGIN_MS before the socket dropped: any
 * older message had that long to commit and be pushed (see `catchUpAfter`).
 */
import { maxId, mergeDialog, upsertChatList } from './state'
import type { ChatMessage, ChatState } from './types'

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
