import { createStore } from 'jotai'
import { describe, expect, it, vi } from 'vitest'

import { json, mockFetch, path } from '@/testing/fetch-mock'

import {
  allNotificationsRead,
  dismissNotificationAtom,
  initialNotifications,
  loadNotificationsAtom,
  markNotificationReadAtom,
  notificationRead,
  notificationReceived,
  notificationRemoved,
  notificationsAtom,
  receiveNotificationAtom,
  toNotificationPush,
  unreadNotificationsAtom,
  type AppNotification,
} from './notifications'
import { saveSession } from '@/lib/session'
import { toaster } from '@/lib/snackbar'

const note = (id: number, read = false): AppNotification => ({
  id,
  kind: 'asset.assigned',
  title: `Title ${id}`,
  message: `Message ${id}`,
  link: `/assets/${id}`,
  variant: 'info',
  createdAt: '2026-11-22T10:00:00+00:00',
  read,
})

function setup(handler: Parameters<typeof mockFetch>[0]) {
  const { fetch, calls } = mockFetch(handler)
  vi.stubGlobal('fetch', fetch)
  saveSession({ accessToken: 'a', idToken: 'i', refreshToken: 'r', tokenType: 'Bearer', issuedAt: '2026-01-01T00:00:00Z', expiresIn: 3600, refreshExpiresIn: 86400 }, true)
  return calls
}

describe('notification reducers', () => {
  it('adds pushes newest first, never twice, with the server count', () => {
    let state = notificationReceived(initialNotifications(), { notification: note(1), unread: 1 })
    state = notificationReceived(state, { notification: note(2), unread: 2 })
    state = notificationReceived(state, { notification: note(2), unread: 2 })
    expect(state.items.map((n) => n.id)).toEqual([2, 1])
    expect(state.unread).toBe(2)
  })

  it('marks read, all read, and dismisses, keeping the count right', () => {
    let state = { ...initialNotifications(), items: [note(3), note(2), note(1, true)], unread: 2 }
    state = notificationRead(state, 3)
    expect(state.unread).toBe(1)
    expect(notificationRead(state, 3).unread).toBe(1) // already read
    expect(notificationRemoved(state, 2).unread).toBe(0)
    expect(notificationRemoved(state, 1).unread).toBe(1) // a read one
    state = allNotificationsRead(state)
    expect(state.items.every((n) => n.read)).toBe(true)
    expect(state.unread).toBe(0)
  })

  it('validates pushes', () => {
    expect(toNotificationPush({ notification: note(1), unread: 4, silent: true })).toMatchObject({ unread: 4, silent: true })
    expect(toNotificationPush({ notification: { ...note(1), variant: 'party' }, unread: 1, silent: false })?.notification.variant).toBe('info')
    expect(toNotificationPush({ notification: { title: 'no id' } })).toBeNull()
  })
})

describe('notification atoms', () => {
  it('loads the list and the badge count', async () => {
    setup(() => json({ items: [note(2), note(1, true)], unread: 1 }))
    const store = createStore()
    await store.set(loadNotificationsAtom)
    expect(store.get(notificationsAtom).items.map((n) => n.id)).toEqual([2, 1])
    expect(store.get(unreadNotificationsAtom)).toBe(1)
  })

  it('shows a snackbar for a push, but not when silent (do-not-disturb)', () => {
    const create = vi.spyOn(toaster, 'create')
    const store = createStore()
    store.set(receiveNotificationAtom, { notification: note(1), unread: 1, silent: false })
    expect(create).toHaveBeenCalledTimes(1)
    expect(create.mock.calls[0][0]).toMatchObject({ title: 'Title 1', description: 'Message 1', type: 'info' })
    store.set(receiveNotificationAtom, { notification: note(2), unread: 2, silent: true })
    expect(create).toHaveBeenCalledTimes(1)
    expect(store.get(notificationsAtom).items.map((n) => n.id)).toEqual([2, 1])
    expect(store.get(unreadNotificationsAtom)).toBe(2)
  })

  it('marks one read, all read, and dismisses through the API', async () => {
    const calls = setup((call) => json({ unread: path(call).endsWith('read-all') ? 0 : 1 }))
    const store = createStore()
    store.set(notificationsAtom, { ...initialNotifications(), status: 'ready', items: [note(3), note(2), note(1)], unread: 3 })
    await store.set(markNotificationReadAtom, { id: 3 })
    expect(calls.at(-1)).toMatchObject({ method: 'POST' })
    expect(path(calls.at(-1)!)).toBe('/notifications/3/read')
    expect(store.get(notificationsAtom).items[0].read).toBe(true)
    await store.set(markNotificationReadAtom, { id: 3 }) // already read: no call
    expect(calls).toHaveLength(1)
    await store.set(dismissNotificationAtom, 2)
    expect(path(calls.at(-1)!)).toBe('/notifications/2')
    expect(calls.at(-1)!.method).toBe('DELETE')
    expect(store.get(notificationsAtom).items.map((n) => n.id)).toEqual([3, 1])
    await store.set(markNotificationReadAtom, { all: true })
    expect(path(calls.at(-1)!)).toBe('/notifications/read-all')
    expect(store.get(unreadNotificationsAtom)).toBe(0)
  })
})
