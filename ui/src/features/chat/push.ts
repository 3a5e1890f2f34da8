/**
 * The chat's side of the realtime socket: the pushes it hands in (`receiveChatPushAtom`), the drop
 * it reports (`chatSocketDroppedAtom`, for the catch-up) and the throttled typing emit.
 */
import { atom } from 'jotai'

import { chatAtom, incomingMessageAtom, myId } from './atoms'
import { socketDropped } from './catch-up'
import { asId, asRecord, toMessagePush } from './parse'
import { emitTyping, postRead } from './server'
import { chatRead, messageReceived, presenceChanged, typingReceived, TYPING_THROTTLE_MS } from './state'
import { isPresenceStatus, type ChatState } from './types'

/** Sends `chat:typing` for the open chat, at most every TYPING_THROTTLE_MS. */
let lastTyping = { chatId: '', at: 0 }
export function sendTyping(chatId: string, now = Date.now()): boolean {
  if (chatId === lastTyping.chatId && now - lastTyping.at < TYPING_THROTTLE_MS) return false
  lastTyping = { chatId, at: now }
  return emitTyping(chatId)
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

/** Write-only: the realtime socket dropped (data/socket.ts). */
export const chatSocketDroppedAtom = atom(null, (get, set) => set(chatAtom, socketDropped(get(chatAtom), Date.now())))

export { resetChatAtom } from './atoms'
