/**
 * The chat state both layouts read (`chatAtom`, spec sections 3, 4: chat user, contacts, selected
 * contact, open chat) and the write atoms that call the server (server.ts) and apply the answers
 * with the pure reducers (state.ts, catch-up.ts). Pushes come in through push.ts.
 */
import { atom, type Getter } from 'jotai'

import { userAtom } from '@/lib/auth'
import { showMessage } from '@/lib/snackbar'

import { catchUpAfter, missedMerged } from './catch-up'
import { asId, isBlankMessage, toChatListEntry, toChatUser, toContact, toDialog, toMessage, toMissed } from './parse'
import { contactSections, totalUnread } from './selectors'
import { errorMessage, fetchChatData, fetchChatPage, postMessage, postMyChatData, postRead } from './server'
import {
  chatClosed,
  chatDataLoaded,
  chatLoaded,
  chatLoadFailed,
  contactSelected,
  initialChatState,
  messageReceived,
  olderFailed,
  olderLoaded,
  olderRequested,
} from './state'
import type { ChatContact, ChatState, IncomingMessage, PresenceStatus } from './types'

export const chatAtom = atom<ChatState>(initialChatState())

export const chatSectionsAtom = atom((get) => contactSections(get(chatAtom)))

export const incomingMessageAtom = atom<IncomingMessage | null>(null)
export const chatUnreadTotalAtom = atom((get) => totalUnread(get(chatAtom).contacts))

/** The signed-in user's id: the chat user's once loaded, else the session's. */
export function myId(get: Getter): number | null {
  const state = get(chatAtom)
  if (state.user) return state.user.id
  const user = get(userAtom)
  return user.data ? asId(user.data.id) : null
}

/** Max messages the server answers for one missed-messages call. */
export const MAX_MISSED = 500

/** Write-only: (re)load the chat user and contacts, and, after a reconnect, what was missed. */
export const syncChatAtom = atom(null, async (get, set) => {
  const before = get(chatAtom)
  // Decided before the calls: a push arriving meanwhile must not hide older messages missed while away.
  const after = catchUpAfter(before, Date.now())
  // Missed messages matter to the open conversation (the chat list and unread counts are refetched).
  const fetchMissed = after > 0 || before.chat !== null
  if (before.status === 'idle' || before.status === 'error') set(chatAtom, { ...get(chatAtom), status: 'loading', error: null })
  try {
    const [userBody, contactsBody, missedBody] = await fetchChatData(fetchMissed ? after : null)
    const user = toChatUser(userBody)
    if (!user) throw new Error('The chat profile could not be read.')
    const contacts = (Array.isArray(contactsBody) ? contactsBody : []).map(toContact).filter((c): c is ChatContact => c !== null)
    const items = toMissed(missedBody?.items ?? [])
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

/** Write-only: select a contact and load the chat with them (created empty when none exists). */
export const selectContactAtom = atom(null, async (get, set, contactId: number) => {
  const me = myId(get)
  set(chatAtom, contactSelected(get(chatAtom), contactId))
  try {
    const answer = await fetchChatPage(contactId, me)
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
    const answer = await fetchChatPage(chat.contactId, myId(get), chat.olderCursor)
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
  const answer = await postMessage(chatId, contactId, { who: me, message: text, time: new Date().toISOString() })
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
    const user = toChatUser(await postMyChatData(change))
    const current = get(chatAtom).user
    if (user && current) set(chatAtom, { ...get(chatAtom), user: { ...current, status: user.status, mood: user.mood } })
  } catch (error) {
    const current = get(chatAtom).user
    if (current) set(chatAtom, { ...get(chatAtom), user: { ...current, status: before.status, mood: before.mood } })
    showMessage(errorMessage(error), 'error', { title: 'Your status was not saved' })
  }
})

export const resetChatAtom = atom(null, (_get, set) => set(chatAtom, initialChatState()))
