/**
 * Push notifications: stored on the server (unread / read), listed in the toolbar with a badge,
 * pushed live (`notification` event) and shown as a snackbar unless the user is in
 * do-not-disturb (the push carries `silent: true` then). Pure reducers (tested) + atoms + calls.
 */
import { atom } from 'jotai'

import * as enums from '@/api/enums'
import type { components } from '@/api/schema'

import { api, errorMessage } from '@/data/client'
import { showMessage } from '@/lib/snackbar'

type Schemas = components['schemas']

/** A notification as listed and pushed (schemas/chat.py NotificationPublic); its variant is the snackbar's. */
export type AppNotification = Schemas['NotificationPublic']
type Variant = AppNotification['variant']

export interface NotificationsState {
  items: AppNotification[]
  unread: number
  status: 'idle' | 'loading' | 'ready' | 'error'
  error: string | null
}

/** The `notification` push (schemas/events.py NotificationPushed). */
export type NotificationPush = Schemas['NotificationPushed']

export const MAX_NOTIFICATIONS = 100

const VARIANTS: readonly string[] = enums.NotificationVariant

export function toNotification(value: unknown): AppNotification | null {
  if (typeof value !== 'object' || value === null) return null
  const v = value as Record<string, unknown>
  if (typeof v.id !== 'number') return null
  return {
    id: v.id,
    kind: typeof v.kind === 'string' ? v.kind : '',
    title: typeof v.title === 'string' ? v.title : '',
    message: typeof v.message === 'string' ? v.message : '',
    link: typeof v.link === 'string' && v.link ? v.link : null,
    variant: (typeof v.variant === 'string' && VARIANTS.includes(v.variant) ? v.variant : 'info') as Variant,
    createdAt: typeof v.createdAt === 'string' ? v.createdAt : new Date().toISOString(),
    read: v.read === true,
  }
}

export function toNotificationPush(payload: unknown): NotificationPush | null {
  if (typeof payload !== 'object' || payload === null) return null
  const p = payload as Record<string, unknown>
  const notification = toNotification(p.notification)
  if (!notification) return null
  return { notification, unread: typeof p.unread === 'number' ? p.unread : 0, silent: p.silent === true }
}

export const initialNotifications = (): NotificationsState => ({ items: [], unread: 0, status: 'idle', error: null })

/** GET /notifications answered. */
export function notificationsLoaded(state: NotificationsState, items: AppNotification[], unread: number): NotificationsState {
  return { ...state, items: items.slice(0, MAX_NOTIFICATIONS), unread, status: 'ready', error: null }
}

/** A pushed notification: newest first, never twice; the server's unread count wins. */
export function notificationReceived(state: NotificationsState, push: Pick<NotificationPush, 'notification' | 'unread'>): NotificationsState {
  const items = [push.notification, ...state.items.filter((n) => n.id !== push.notification.id)].slice(0, MAX_NOTIFICATIONS)
  return { ...state, items, unread: push.unread }
}

/** One marked read (optimistic; `unread` from the server when known). */
export function notificationRead(state: NotificationsState, id: number, unread?: number): NotificationsState {
  const target = state.items.find((n) => n.id === id)
  const wasUnread = target !== undefined && !target.read
  return {
    ...state,
    items: state.items.map((n) => (n.id === id && !n.read ? { ...n, read: true } : n)),
    unread: unread ?? Math.max(0, state.unread - (wasUnread ? 1 : 0)),
  }
}

export function allNotificationsRead(state: NotificationsState, unread = 0): NotificationsState {
  return { ...state, items: state.items.map((n) => (n.read ? n : { ...n, read: true })), unread }
}

export function notificationRemoved(state: NotificationsState, id: number, unread?: number): NotificationsState {
  const target = state.items.find((n) => n.id === id)
  const wasUnread = target !== undefined && !target.read
  return {
    ...state,
    items: state.items.filter((n) => n.id !== id),
    unread: unread ?? Math.max(0, state.unread - (wasUnread ? 1 : 0)),
  }
}

export const notificationsAtom = atom<NotificationsState>(initialNotifications())

/** Derived: the badge count. */
export const unreadNotificationsAtom = atom((get) => get(notificationsAtom).unread)

/** Opens an in-app link (the shell registers the router's navigate). */
let navigator: (link: string) => void = (link) => {
  window.location.assign(link)
}

export function setNotificationNavigator(fn: (link: string) => void): void {
  navigator = fn
}

export function openNotificationLink(link: string): void {
  if (/^https?:\/\//i.test(link)) window.open(link, '_blank', 'noopener')
  else navigator(link)
}

/** Write-only: (re)load the list (on start and after every reconnect). */
export const loadNotificationsAtom = atom(null, async (get, set) => {
  if (get(notificationsAtom).status === 'idle') set(notificationsAtom, { ...get(notificationsAtom), status: 'loading' })
  try {
    const answer = await api.get<{ items?: unknown[]; unread?: number }>('/notifications')
    const items = (answer?.items ?? []).map(toNotification).filter((n): n is AppNotification => n !== null)
    set(notificationsAtom, notificationsLoaded(get(notificationsAtom), items, typeof answer?.unread === 'number' ? answer.unread : items.filter((n) => !n.read).length))
  } catch (error) {
    set(notificationsAtom, { ...get(notificationsAtom), status: get(notificationsAtom).status === 'ready' ? 'ready' : 'error', error: errorMessage(error) })
  }
})

type Mutation = { id: number } | { all: true }

async function call(path: string, method: 'POST' | 'DELETE'): Promise<number | undefined> {
  const answer = method === 'POST' ? await api.post<{ unread?: number }>(path) : await api.delete<{ unread?: number }>(path)
  return typeof answer?.unread === 'number' ? answer.unread : undefined
}

/** Write-only: mark one (or all) read; the server's count is applied when it answers. */
export const markNotificationReadAtom = atom(null, async (get, set, target: Mutation) => {
  if ('all' in target) {
    set(notificationsAtom, allNotificationsRead(get(notificationsAtom)))
    try {
      const unread = await call('/notifications/read-all', 'POST')
      set(notificationsAtom, { ...get(notificationsAtom), unread: unread ?? 0 })
    } catch (error) {
      showMessage(errorMessage(error), 'error')
      set(loadNotificationsAtom)
    }
    return
  }
  const item = get(notificationsAtom).items.find((n) => n.id === target.id)
  if (item?.read) return
  set(notificationsAtom, notificationRead(get(notificationsAtom), target.id))
  try {
    const unread = await call(`/notifications/${target.id}/read`, 'POST')
    if (unread !== undefined) set(notificationsAtom, { ...get(notificationsAtom), unread })
  } catch (error) {
    showMessage(errorMessage(error), 'error')
    set(loadNotificationsAtom)
  }
})

/** Write-only: dismiss one. */
export const dismissNotificationAtom = atom(null, async (get, set, id: number) => {
  set(notificationsAtom, notificationRemoved(get(notificationsAtom), id))
  try {
    const unread = await call(`/notifications/${id}`, 'DELETE')
    if (unread !== undefined) set(notificationsAtom, { ...get(notificationsAtom), unread })
  } catch (error) {
    showMessage(errorMessage(error), 'error')
    set(loadNotificationsAtom)
  }
})

/** Write-only: a `notification` push. Stored and listed always; a snackbar unless silent. */
export const receiveNotificationAtom = atom(null, (get, set, push: NotificationPush) => {
  set(notificationsAtom, notificationReceived(get(notificationsAtom), push))
  if (push.silent) return
  const { notification } = push
  const link = notification.link
  showMessage(notification.message, notification.variant, {
    title: notification.title || undefined,
    action: link
      ? {
          label: 'Open',
          onClick: () => {
            set(markNotificationReadAtom, { id: notification.id })
            openNotificationLink(link)
          },
        }
      : undefined,
  })
})

export const resetNotificationsAtom = atom(null, (_get, set) => set(notificationsAtom, initialNotifications()))
