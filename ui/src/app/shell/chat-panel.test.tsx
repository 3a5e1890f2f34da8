import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createStore } from 'jotai'
import { describe, expect, it, onTestFinished, vi } from 'vitest'

import { chatAtom } from '@/features/chat/atoms'
import { toChatUser, toContact } from '@/features/chat/parse'
import { receiveChatPushAtom } from '@/features/chat/push'
import { chatDataLoaded, initialChatState } from '@/features/chat/state'
import type { ChatContact } from '@/features/chat/types'
import { saveSession } from '@/lib/session'
import { json, mockFetch, path, type Call } from '@/testing/fetch-mock'
import { renderWithProviders } from '@/testing/render'

import { chatPanelOpenAtom } from './atoms'
import { ChatPanel } from './chat-panel'

const ME = 1
const contacts = [
  { id: 2, name: 'Jamie Reyes', avatar: null, role: 'technician', status: 'online', mood: 'on site', unread: 0 },
  { id: 3, name: 'Sam Okafor', avatar: null, role: 'manager', status: 'do-not-disturb', mood: '', unread: 2 },
  { id: 4, name: 'Lee Chen', avatar: null, role: 'contractor', status: 'offline', mood: '', unread: 0 },
]
const chatUser = {
  id: ME,
  name: 'Avery Admin',
  avatar: null,
  status: 'online',
  mood: '',
  chatList: [{ chatId: 'c3', contactId: 3, lastMessageTime: '2026-11-22T09:00:00+00:00' }],
}

function setup(handler: (call: Call) => Response | undefined = () => undefined) {
  const { fetch, calls } = mockFetch((call) => {
    const answer = handler(call)
    if (answer) return answer
    if (path(call) === '/api/chat/get-chat') {
      const contactId = Number(new URL(call.url).searchParams.get('contactId'))
      const dialog =
        contactId === 3
          ? [
              { id: 1, who: 3, message: 'Pump P-101 is back online', time: '2026-11-22T09:00:00+00:00' },
              { id: 2, who: 3, message: 'Pressure looks fine', time: '2026-11-22T09:00:05+00:00' },
              { id: 3, who: ME, message: 'Thanks!', time: '2026-11-22T09:01:00+00:00' },
            ]
          : []
      return json({ chat: { id: `c${contactId}`, dialog }, userChatData: { chatId: `c${contactId}`, contactId, lastMessageTime: '2026-11-22T09:01:00+00:00' } })
    }
    if (path(call) === '/api/chat/send-message') {
      const body = call.body as { chatId: string; contactId: number; message: { message: string } }
      return json({
        message: { id: 50, who: ME, message: body.message.message, time: '2026-11-22T10:00:00+00:00' },
        userChatData: { chatId: body.chatId, contactId: body.contactId, lastMessageTime: '2026-11-22T10:00:00+00:00' },
      })
    }
    if (path(call) === '/api/chat/read') return json({ unread: 0 })
    return json({}, 404)
  })
  vi.stubGlobal('fetch', fetch)
  saveSession({ accessToken: 'a', idToken: 'i', refreshToken: 'r', tokenType: 'Bearer', issuedAt: '2026-01-01T00:00:00Z', expiresIn: 3600, refreshExpiresIn: 86400 }, true)
  const store = createStore()
  store.set(chatAtom, chatDataLoaded(initialChatState(), toChatUser(chatUser)!, contacts.map(toContact) as ChatContact[]))
  store.set(chatPanelOpenAtom, true)
  renderWithProviders(<ChatPanel showStrip theme="dark" />, store)
  return { store, calls, user: userEvent.setup() }
}

describe('Team Chat panel', () => {
  it('lists contacts with chats first, a divider, then the others, with presence and unread counts', () => {
    setup()
    const strip = screen.getByTestId('chat-contacts')
    const order = within(strip)
      .getAllByTestId(/^chat-(contact-\d+|divider)$/)
      .map((el) => el.dataset.testid)
    expect(order).toEqual(['chat-contact-3', 'chat-divider', 'chat-contact-2', 'chat-contact-4'])
    expect(screen.getByTestId('chat-contact-3')).toHaveAttribute('data-status', 'do-not-disturb')
    expect(screen.getByTestId('chat-unread-3')).toHaveTextContent('2')
    expect(screen.queryByTestId('chat-unread-2')).not.toBeInTheDocument()
    expect(screen.getByTestId('chat-panel-empty')).toHaveTextContent('Select a contact to start a conversation.')
    expect(within(screen.getByTestId('chat-status-legend')).getAllByText(/./).map((e) => e.textContent)).toEqual(['Online', 'Do not disturb', 'Away', 'Offline'])
  })

  it('opens a conversation grouped by sender, clears its unread count, and sends', async () => {
    const { user, calls, store } = setup()
    await user.click(screen.getByTestId('chat-contact-3'))
    expect(await screen.findByTestId('chat-message-1')).toHaveAttribute('data-who', '3')
    expect(calls.find((c) => path(c) === '/api/chat/get-chat')?.url).toContain('userId=1')
    expect(screen.getByTestId('chat-message-1')).toHaveAttribute('data-first', 'true')
    expect(screen.getByTestId('chat-message-1')).not.toHaveAttribute('data-last')
    expect(screen.getByTestId('chat-message-2')).toHaveAttribute('data-last', 'true')
    expect(screen.getByTestId('chat-message-3')).toHaveAttribute('data-mine', 'true')
    expect(screen.queryByTestId('chat-unread-3')).not.toBeInTheDocument()
    expect(screen.getByTestId('chat-contact-name')).toHaveTextContent('Sam Okafor')

    // Empty text is not sent, nor text of only zero-width characters.
    expect(screen.getByTestId('chat-send')).toBeDisabled()
    await user.type(screen.getByTestId('chat-input'), '   {Enter}')
    await user.type(screen.getByTestId('chat-input'), '\u200b\u200d\u2060\ufeff{Enter}')
    expect(screen.getByTestId('chat-send')).toBeDisabled()
    expect(calls.some((c) => path(c) === '/api/chat/send-message')).toBe(false)

    await user.clear(screen.getByTestId('chat-input'))
    await user.type(screen.getByTestId('chat-input'), 'On my way')
    await user.click(screen.getByTestId('chat-send'))
    expect(await screen.findByTestId('chat-message-50')).toHaveTextContent('On my way')
    expect(screen.getByTestId('chat-input')).toHaveValue('')
    expect(calls.find((c) => path(c) === '/api/chat/send-message')?.body).toMatchObject({ chatId: 'c3', contactId: 3, message: { who: ME, message: 'On my way' } })

    // The same message pushed to this device too: shown once.
    act(() => {
      store.set(receiveChatPushAtom, {
        channel: 'chat:message',
        payload: { chatId: 'c3', message: { id: 50, who: ME, message: 'On my way', time: '2026-11-22T10:00:00+00:00' }, userChatData: null },
      })
    })
    expect(screen.getAllByTestId('chat-message-50')).toHaveLength(1)
  })

  it('loads earlier messages above the newest page until the conversation starts', async () => {
    const older = [
      { id: 40, who: 2, message: 'Earlier: the crane is booked', time: '2026-11-20T09:00:00+00:00' },
      { id: 41, who: ME, message: 'Earlier: thanks', time: '2026-11-20T09:01:00+00:00' },
    ]
    const { user, calls } = setup((call) => {
      if (path(call) !== '/api/chat/get-chat') return undefined
      const before = new URL(call.url).searchParams.get('before')
      const newest = { id: 45, who: 2, message: 'Newest', time: '2026-11-22T09:00:00+00:00' }
      return json({
        chat: { id: 'c2', dialog: before === '45' ? older : [newest] },
        userChatData: { chatId: 'c2', contactId: 2, lastMessageTime: newest.time },
        olderCursor: before === '45' ? null : 45,
      })
    })
    // jsdom lays nothing out: the message box is 400 px high and holds less than that.
    const heights = [
      vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(400),
      vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(120),
    ]
    onTestFinished(() => heights.forEach((spy) => spy.mockRestore()))
    await user.click(screen.getByTestId('chat-contact-2'))
    // A first page shorter than the box cannot be scrolled: the older page is asked for at once.
    expect(await screen.findByTestId('chat-message-40')).toHaveTextContent('Earlier: the crane is booked')
    expect(screen.getByTestId('chat-history-start')).toHaveTextContent('The conversation starts here')
    const ids = within(screen.getByTestId('chat-messages'))
      .getAllByTestId(/^chat-message-\d+$/)
      .map((el) => el.dataset.testid)
    expect(ids).toEqual(['chat-message-40', 'chat-message-41', 'chat-message-45'])
    const pages = calls.filter((c) => path(c) === '/api/chat/get-chat').map((c) => new URL(c.url).searchParams.get('before'))
    expect(pages).toEqual([null, '45'])
  })

  it('keeps the text and says so when a send fails', async () => {
    const { user } = setup((call) => (path(call) === '/api/chat/send-message' ? json({ message: 'Server is busy.' }, 503) : undefined))
    await user.click(screen.getByTestId('chat-contact-4'))
    expect(await screen.findByTestId('chat-conversation-empty')).toHaveTextContent('Start a conversation by typing your message below.')
    await user.type(screen.getByTestId('chat-input'), 'Hello{Enter}')
    expect(await screen.findByTestId('chat-send-error')).toHaveTextContent('Server is busy.')
    expect(screen.getByTestId('chat-input')).toHaveValue('Hello')
  })

  it('shows a pushed message and typing in the open conversation, and closing clears it', async () => {
    const { user, store, calls } = setup()
    await user.click(screen.getByTestId('chat-contact-2'))
    await screen.findByTestId('chat-conversation-empty')
    act(() => {
      store.set(receiveChatPushAtom, { channel: 'chat:typing', payload: { chatId: 'c2', userId: 2 } })
    })
    expect(screen.getByTestId('chat-typing')).toHaveTextContent('Jamie Reyes is typing')
    act(() => {
      store.set(receiveChatPushAtom, {
        channel: 'chat:message',
        payload: { chatId: 'c2', message: { id: 60, who: 2, message: 'Hi!', time: '2026-11-22T10:00:00+00:00' }, userChatData: { chatId: 'c2', contactId: 2, lastMessageTime: '2026-11-22T10:00:00+00:00' } },
      })
    })
    expect(screen.getByTestId('chat-message-60')).toHaveAttribute('data-who', '2')
    expect(screen.queryByTestId('chat-typing')).not.toBeInTheDocument()
    await waitFor(() => expect(calls.some((c) => path(c) === '/api/chat/read')).toBe(true))
    // Jamie now has a chat with messages: first in the strip.
    expect(within(screen.getByTestId('chat-contacts')).getAllByTestId(/^chat-contact-\d+$/)[0]).toHaveAttribute('data-testid', 'chat-contact-2')

    await user.keyboard('{Escape}')
    await waitFor(() => expect(store.get(chatAtom)).toMatchObject({ selectedContactId: null, chat: null }))
  })
})
