import { createStore } from 'jotai'
import { describe, expect, it, vi } from 'vitest'

import { saveSession } from '@/lib/session'
import { json, mockFetch, path } from '@/testing/fetch-mock'

import { chatAtom, loadOlderMessagesAtom, sendMessageAtom, syncChatAtom } from './atoms'
import { catchUpAfter, missedMerged, PUSH_MARGIN_MS, socketDropped } from './catch-up'
import { isBlankMessage, toChatUser } from './parse'
import { receiveChatPushAtom } from './push'
import { contactSections, groupDialog, typingIn } from './selectors'
import {
  chatClosed,
  chatDataLoaded,
  chatLoaded,
  chatRead,
  contactSelected,
  initialChatState,
  messageReceived,
  olderFailed,
  olderLoaded,
  olderRequested,
  presenceChanged,
  typingReceived,
} from './state'
import type { ChatContact, ChatMessage, ChatState, ChatUser } from './types'

const ME = 1
const contact = (id: number, extra: Partial<ChatContact> = {}): ChatContact => ({
  id,
  name: `User ${id}`,
  avatar: null,
  role: 'technician',
  status: 'online',
  mood: '',
  unread: 0,
  ...extra,
})
const msg = (id: number, who: number, text = `m${id}`): ChatMessage => ({ id, who, message: text, time: `2026-11-22T10:00:${String(id).padStart(2, '0')}+00:00` })
const user = (chatList: ChatUser['chatList'] = []): ChatUser => ({ id: ME, name: 'Me', avatar: null, status: 'online', mood: '', chatList })

function loaded(): ChatState {
  return chatDataLoaded(
    initialChatState(),
    user([
      { chatId: 'c3', contactId: 3, lastMessageTime: '2026-11-22T09:00:00+00:00' },
      { chatId: 'c2', contactId: 2, lastMessageTime: '2026-11-21T09:00:00+00:00' },
    ]),
    [contact(2), contact(3), contact(4), contact(5, { unread: 2 })],
  )
}

describe('contact strip ordering', () => {
  it('puts contacts with chats first (newest chat first), then the others', () => {
    const { chats, others } = contactSections(loaded())
    expect(chats.map((c) => c.id)).toEqual([3, 2])
    expect(others.map((c) => c.id)).toEqual([4, 5])
  })

  it('moves a contact up when a message arrives, and adds a new chat at the top', () => {
    let state = messageReceived(loaded(), { chatId: 'c2', message: msg(10, 2), userChatData: { chatId: 'c2', contactId: 2, lastMessageTime: '2026-11-22T11:00:00+00:00' } }, ME)
    expect(contactSections(state).chats.map((c) => c.id)).toEqual([2, 3])
    state = messageReceived(state, { chatId: 'c5', message: msg(11, 5), userChatData: { chatId: 'c5', contactId: 5, lastMessageTime: '2026-11-22T12:00:00+00:00' } }, ME)
    const sections = contactSections(state)
    expect(sections.chats.map((c) => c.id)).toEqual([5, 2, 3])
    expect(sections.others.map((c) => c.id)).toEqual([4])
  })

  it('leaves a chat without messages (no time) among the others', () => {
    const state = chatDataLoaded(initialChatState(), user([{ chatId: 'c4', contactId: 4, lastMessageTime: null }]), [contact(4)])
    expect(contactSections(state)).toMatchObject({ chats: [], others: [{ id: 4 }] })
  })

  it('reads the chat user and sorts its chat list newest first', () => {
    const u = toChatUser({
      id: 1,
      name: 'Me',
      status: 'do-not-disturb',
      chatList: [
        { chatId: 'a', contactId: 2, lastMessageTime: '2026-11-20T00:00:00+00:00' },
        { chatId: 'b', contactId: 3, lastMessageTime: '2026-11-21T00:00:00+00:00' },
        { bogus: true },
      ],
    })
    expect(u?.status).toBe('do-not-disturb')
    expect(u?.chatList.map((e) => e.chatId)).toEqual(['b', 'a'])
    expect(toChatUser({ name: 'no id' })).toBeNull()
  })
})

describe('message grouping', () => {
  it('groups consecutive messages by sender with first/last flags', () => {
    const grouped = groupDialog([msg(1, 2), msg(2, 2), msg(3, 2), msg(4, ME), msg(5, 2), msg(6, ME), msg(7, ME)], ME)
    expect(grouped.map((g) => [g.message.id, g.mine, g.first, g.last])).toEqual([
      [1, false, true, false],
      [2, false, false, false],
      [3, false, false, true],
      [4, true, true, true],
      [5, false, true, true],
      [6, true, true, false],
      [7, true, false, true],
    ])
    expect(groupDialog([], ME)).toEqual([])
  })
})

describe('open conversation', () => {
  function opened(): ChatState {
    let state = contactSelected(loaded(), 2)
    state = chatLoaded(state, { id: 'c2', dialog: [msg(2, 2), msg(1, ME)] }, { chatId: 'c2', contactId: 2, lastMessageTime: '2026-11-21T09:00:00+00:00' })
    return state
  }

  it('loads the dialog in order and clears the unread count', () => {
    let state = loaded()
    state = { ...state, contacts: state.contacts.map((c) => (c.id === 2 ? { ...c, unread: 4 } : c)) }
    state = contactSelected(state, 2)
    expect(state).toMatchObject({ selectedContactId: 2, chat: null, chatStatus: 'loading' })
    state = chatLoaded(state, { id: 'c2', dialog: [msg(2, 2), msg(1, ME)] }, { chatId: 'c2', contactId: 2, lastMessageTime: null })
    expect(state.chat?.dialog.map((m) => m.id)).toEqual([1, 2])
    expect(state.contacts.find((c) => c.id === 2)?.unread).toBe(0)
    expect(catchUpAfter(state, Date.now() + PUSH_MARGIN_MS)).toBe(2)
  })

  it('appends a pushed message once (the send answer and the push carry the same message)', () => {
    let state = opened()
    const push = { chatId: 'c2', message: msg(3, ME), userChatData: null }
    state = messageReceived(state, push, ME)
    state = messageReceived(state, push, ME)
    expect(state.chat?.dialog.map((m) => m.id)).toEqual([1, 2, 3])
    expect(state.contacts.find((c) => c.id === 2)?.unread).toBe(0)
  })

  it('counts unread for other chats, and a read clears the count', () => {
    let state = opened()
    state = messageReceived(state, { chatId: 'c3', message: msg(4, 3), userChatData: null }, ME)
    state = messageReceived(state, { chatId: 'c3', message: msg(5, 3), userChatData: null }, ME)
    // My own message from another device does not count.
    state = messageReceived(state, { chatId: 'c3', message: msg(6, ME), userChatData: null }, ME)
    expect(state.contacts.find((c) => c.id === 3)?.unread).toBe(2)
    expect(state.chat?.dialog).toHaveLength(2)
    state = chatRead(state, 3)
    expect(state.contacts.find((c) => c.id === 3)?.unread).toBe(0)
    expect(chatRead(state, 3)).toBe(state)
  })

  it('keeps a message pushed while the chat loads', () => {
    let state = contactSelected(loaded(), 2)
    state = messageReceived(state, { chatId: 'c2', message: msg(9, 2), userChatData: { chatId: 'c2', contactId: 2, lastMessageTime: 'x' } }, ME)
    expect(state.contacts.find((c) => c.id === 2)?.unread).toBe(0)
    state = chatLoaded(state, { id: 'c2', dialog: [msg(1, ME)] }, { chatId: 'c2', contactId: 2, lastMessageTime: null })
    expect(state.chat?.dialog.map((m) => m.id)).toEqual([1, 9])
  })

  it('merges missed messages without duplicates, oldest first', () => {
    let state = opened()
    state = messageReceived(state, { chatId: 'c2', message: msg(3, 2), userChatData: null }, ME)
    state = missedMerged(state, [
      { chatId: 'c2', message: msg(3, 2) },
      { chatId: 'c3', message: msg(4, 3) },
      { chatId: 'c2', message: msg(5, ME) },
      { chatId: 'c2', message: msg(4, 2) },
    ])
    expect(state.chat?.dialog.map((m) => m.id)).toEqual([1, 2, 3, 4, 5])
    expect(catchUpAfter(state, Date.now() + PUSH_MARGIN_MS)).toBe(5)
    // Merging the same again changes nothing.
    expect(missedMerged(state, [{ chatId: 'c2', message: msg(5, ME) }]).chat?.dialog).toBe(state.chat?.dialog)
    // The chat list moved c2 to the newest time it has seen.
    expect(state.user?.chatList[0]).toMatchObject({ chatId: 'c2', lastMessageTime: msg(5, ME).time })
  })

  it('closing removes the selected contact and clears the chat', () => {
    const state = chatClosed(opened())
    expect(state).toMatchObject({ selectedContactId: null, chat: null, chatStatus: 'idle' })
  })

  it('refetched contacts keep the open conversation read', () => {
    const state = chatDataLoaded(opened(), user(), [contact(2, { unread: 3 }), contact(3, { unread: 1 })])
    expect(state.contacts.map((c) => c.unread)).toEqual([0, 1])
  })

  it('shows typing in the open conversation for a while, until the message comes', () => {
    let state = typingReceived(opened(), 'c2', 2, 1000)
    expect(typingIn(state, 2000)).toMatchObject({ userId: 2 })
    expect(typingIn(state, 10_000)).toBeNull()
    expect(typingIn(typingReceived(opened(), 'c3', 3, 1000), 2000)).toBeNull()
    state = messageReceived(state, { chatId: 'c2', message: msg(7, 2), userChatData: null }, ME)
    expect(typingIn(state, 2000)).toBeNull()
  })

  it('applies presence to a contact or to the user', () => {
    let state = presenceChanged(loaded(), { userId: 3, status: 'away', mood: 'lunch' })
    expect(state.contacts.find((c) => c.id === 3)).toMatchObject({ status: 'away', mood: 'lunch' })
    state = presenceChanged(state, { userId: ME, status: 'do-not-disturb', mood: '' })
    expect(state.user?.status).toBe('do-not-disturb')
  })

  it('applies every change of a presence batch, skipping malformed ones', () => {
    const store = createStore()
    store.set(chatAtom, loaded())
    const changes = [{ userId: 2, status: 'offline', mood: '' }, { userId: 3, status: 'nonsense' }, { userId: 3, status: 'away', mood: 'lunch' }]
    store.set(receiveChatPushAtom, { channel: 'presence:batch', payload: { changes } })
    expect(store.get(chatAtom).contacts.find((c) => c.id === 2)?.status).toBe('offline')
    expect(store.get(chatAtom).contacts.find((c) => c.id === 3)).toMatchObject({ status: 'away', mood: 'lunch' })
  })
})

describe('chat calls', () => {
  function setup(handler: Parameters<typeof mockFetch>[0]) {
    const { fetch, calls } = mockFetch(handler)
    vi.stubGlobal('fetch', fetch)
    saveSession({ accessToken: 'a', idToken: 'i', refreshToken: 'r', tokenType: 'Bearer', issuedAt: '2026-01-01T00:00:00Z', expiresIn: 3600, refreshExpiresIn: 86400 }, true)
    return calls
  }

  it('after a reconnect fetches what was missed since the last message id and merges it', async () => {
    const calls = setup((call) => {
      if (path(call) === '/api/chat/user') return json({ id: ME, name: 'Me', status: 'online', mood: '', chatList: [{ chatId: 'c2', contactId: 2, lastMessageTime: '2026-11-22T10:00:00+00:00' }] })
      if (path(call) === '/api/chat/contacts') return json([{ id: 2, name: 'Two', status: 'online', mood: '', unread: 1 }])
      if (path(call) === '/api/chat/messages') return json({ items: [{ chatId: 'c2', message: msg(3, 2) }, { chatId: 'c2', message: msg(2, 2) }] })
      if (path(call) === '/api/chat/read') return json({ chatId: 'c2', contactId: 2, unread: 0 })
      return json({}, 404)
    })
    const store = createStore()
    let state = contactSelected(initialChatState(), 2)
    // Loaded well before the drop: everything up to 2 is held.
    state = chatLoaded(state, { id: 'c2', dialog: [msg(1, ME), msg(2, 2)] }, { chatId: 'c2', contactId: 2, lastMessageTime: null }, Date.now() - 2 * PUSH_MARGIN_MS)
    store.set(chatAtom, state)
    await store.set(syncChatAtom)
    const missed = calls.find((c) => path(c) === '/api/chat/messages')
    expect(new URL(missed!.url).searchParams.get('after')).toBe('2')
    expect(store.get(chatAtom).chat?.dialog.map((m) => m.id)).toEqual([1, 2, 3])
    expect(store.get(chatAtom).contacts[0].unread).toBe(0)
    expect(calls.some((c) => path(c) === '/api/chat/read' && (c.body as { chatId: string }).chatId === 'c2')).toBe(true)
  })

  it('after a drop asks for what followed the last server answer, not a push that may have overtaken older ones', async () => {
    const calls = setup((call) => {
      if (path(call) === '/api/chat/user') return json({ id: ME, name: 'Me', status: 'online', mood: '', chatList: [] })
      if (path(call) === '/api/chat/contacts') return json([{ id: 2, name: 'Two', status: 'online', mood: '', unread: 0 }])
      if (path(call) === '/api/chat/messages') return json({ items: [{ chatId: 'c2', message: msg(3, 2) }, { chatId: 'c2', message: msg(4, 2) }] })
      return json({}, 200)
    })
    const store = createStore()
    const t0 = Date.now()
    let state = chatLoaded(contactSelected(initialChatState(), 2), { id: 'c2', dialog: [msg(1, ME), msg(2, 2)] }, { chatId: 'c2', contactId: 2, lastMessageTime: null }, t0 - 60_000)
    // 4 was pushed (from one API process) before 3 (from the other); the socket dropped before 3 came.
    state = messageReceived(state, { chatId: 'c2', message: msg(4, 2), userChatData: null }, ME, t0 - 1000)
    state = socketDropped(state, t0 - 500)
    expect(catchUpAfter(state, t0)).toBe(2)
    store.set(chatAtom, state)
    await store.set(syncChatAtom)
    const missed = calls.find((c) => path(c) === '/api/chat/messages')
    expect(new URL(missed!.url).searchParams.get('after')).toBe('2')
    expect(store.get(chatAtom).chat?.dialog.map((m) => m.id)).toEqual([1, 2, 3, 4])
    expect(store.get(chatAtom)).toMatchObject({ syncedThrough: 2, droppedAt: null })
    // A push that arrived PUSH_MARGIN_MS before the drop is a safe mark: older ones had time to arrive.
    let later = messageReceived(store.get(chatAtom), { chatId: 'c2', message: msg(7, 2), userChatData: null }, ME, t0)
    later = messageReceived(later, { chatId: 'c2', message: msg(9, 2), userChatData: null }, ME, t0 + PUSH_MARGIN_MS)
    later = socketDropped(later, t0 + PUSH_MARGIN_MS + 1)
    expect(catchUpAfter(later, t0 + 60_000)).toBe(7)
  })

  it('does not send an empty message, and keeps the error of a failed send', async () => {
    const calls = setup(() => json({ message: 'Type a message before sending.' }, 422))
    const store = createStore()
    store.set(chatAtom, chatLoaded(contactSelected(loaded(), 2), { id: 'c2', dialog: [] }, { chatId: 'c2', contactId: 2, lastMessageTime: null }))
    expect(await store.set(sendMessageAtom, '   ')).toBe(false)
    expect(calls).toHaveLength(0)
    await expect(store.set(sendMessageAtom, 'hello')).rejects.toThrow('Type a message before sending.')
    expect(calls[0].body).toMatchObject({ chatId: 'c2', contactId: 2, message: { who: ME, message: 'hello' } })
  })

  it('marks the open conversation read when a pushed message arrives in it', async () => {
    const calls = setup(() => json({ chatId: 'c2', contactId: 2, unread: 0 }))
    const store = createStore()
    store.set(chatAtom, chatLoaded(contactSelected(loaded(), 2), { id: 'c2', dialog: [] }, { chatId: 'c2', contactId: 2, lastMessageTime: null }))
    store.set(receiveChatPushAtom, { channel: 'chat:message', payload: { chatId: 'c2', message: msg(8, 2), userChatData: { chatId: 'c2', contactId: 2, lastMessageTime: 't' } } })
    store.set(receiveChatPushAtom, { channel: 'chat:message', payload: { chatId: 'c3', message: msg(9, 3), userChatData: { chatId: 'c3', contactId: 3, lastMessageTime: 't' } } })
    store.set(receiveChatPushAtom, { channel: 'chat:message', payload: { nonsense: true } })
    await vi.waitFor(() => expect(calls).toHaveLength(1))
    expect(calls[0].body).toEqual({ chatId: 'c2' })
    expect(store.get(chatAtom).chat?.dialog.map((m) => m.id)).toEqual([8])
    expect(store.get(chatAtom).contacts.find((c) => c.id === 3)?.unread).toBe(1)
  })

  it('does not send a message of only zero-width or invisible characters', async () => {
    const calls = setup(() => json({}))
    const store = createStore()
    store.set(chatAtom, chatLoaded(contactSelected(loaded(), 2), { id: 'c2', dialog: [] }, { chatId: 'c2', contactId: 2, lastMessageTime: null }))
    for (const text of ['\u200b', '\u200b\u200c\u200d', ' \u2060\ufeff\n', '\u3164\u2800', '\u00a0\u3000', '\u202e\u034f']) {
      expect(isBlankMessage(text)).toBe(true)
      expect(await store.set(sendMessageAtom, text)).toBe(false)
    }
    expect(calls).toHaveLength(0)
    for (const text of ['\u200bhi', '👍', 'e\u0301']) expect(isBlankMessage(text)).toBe(false)
  })

  it('loads older pages in front of the dialog, once each, until the start', async () => {
    const pages: Record<string, { dialog: ChatMessage[]; olderCursor: number | null }> = {
      '5': { dialog: [msg(3, 2), msg(4, ME)], olderCursor: 3 },
      '3': { dialog: [msg(1, 2), msg(2, 2)], olderCursor: null },
    }
    const calls = setup((call) => {
      const before = new URL(call.url).searchParams.get('before') ?? ''
      const page = pages[before]
      return page ? json({ chat: { id: 'c2', dialog: page.dialog }, userChatData: null, olderCursor: page.olderCursor }) : json({ message: 'Gone.' }, 503)
    })
    const store = createStore()
    store.set(chatAtom, chatLoaded(contactSelected(loaded(), 2), { id: 'c2', dialog: [msg(5, 2), msg(6, ME)], olderCursor: 5 }, { chatId: 'c2', contactId: 2, lastMessageTime: null }))
    const first = store.set(loadOlderMessagesAtom)
    expect(store.get(chatAtom).chat?.loadingOlder).toBe(true)
    await store.set(loadOlderMessagesAtom) // a second scroll event while loading asks nothing more
    await first
    expect(store.get(chatAtom).chat?.dialog.map((m) => m.id)).toEqual([3, 4, 5, 6])
    expect(store.get(chatAtom).chat?.olderCursor).toBe(3)
    await store.set(loadOlderMessagesAtom)
    expect(store.get(chatAtom).chat?.dialog.map((m) => m.id)).toEqual([1, 2, 3, 4, 5, 6])
    expect(store.get(chatAtom).chat?.olderCursor).toBeNull()
    await store.set(loadOlderMessagesAtom) // at the start: nothing to ask for
    expect(calls.map((c) => new URL(c.url).searchParams.get('before'))).toEqual(['5', '3'])
    expect(new URL(calls[0].url).searchParams.get('contactId')).toBe('2')
    // A pushed message still goes at the end; a failed page can be retried.
    store.set(chatAtom, messageReceived(store.get(chatAtom), { chatId: 'c2', message: msg(7, 2), userChatData: null }, ME))
    expect(store.get(chatAtom).chat?.dialog.at(-1)?.id).toBe(7)
    store.set(chatAtom, olderFailed(olderRequested(store.get(chatAtom), 'c2'), 'c2', 'Gone.'))
    expect(store.get(chatAtom).chat).toMatchObject({ loadingOlder: false, olderError: 'Gone.' })
  })

  it('ignores an older page that arrives after another chat was opened', () => {
    let state = chatLoaded(contactSelected(loaded(), 2), { id: 'c2', dialog: [msg(5, 2)], olderCursor: 5 }, { chatId: 'c2', contactId: 2, lastMessageTime: null })
    state = olderRequested(state, 'c2')
    const other = chatLoaded(contactSelected(state, 3), { id: 'c3', dialog: [msg(9, 3)] }, { chatId: 'c3', contactId: 3, lastMessageTime: null })
    expect(olderLoaded(other, 'c2', [msg(1, 2)], null)).toBe(other)
    expect(other.chat).toMatchObject({ id: 'c3', olderCursor: null, loadingOlder: false })
  })
})

describe('typing', () => {
  it('sends chat:typing at most every 2 s per chat', async () => {
    const { setRealtimeEmitter } = await import('@/data/live')
    const { sendTyping } = await import('./push')
    const sent: unknown[] = []
    setRealtimeEmitter((event, payload) => {
      sent.push([event, payload])
      return true
    })
    expect(sendTyping('c1', 10_000)).toBe(true)
    expect(sendTyping('c1', 11_000)).toBe(false)
    expect(sendTyping('c2', 11_100)).toBe(true)
    expect(sendTyping('c2', 13_200)).toBe(true)
    setRealtimeEmitter(null)
    expect(sent).toEqual([
      ['chat:typing', { chatId: 'c1' }],
      ['chat:typing', { chatId: 'c2' }],
      ['chat:typing', { chatId: 'c2' }],
    ])
  })
})
