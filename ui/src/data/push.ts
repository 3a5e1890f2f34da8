/**
 * Push notifications on this device (Web Push) and the user's devices and choices, through the one
 * API client: `/push/config`, `/push/subscriptions`, `/push/test`, `/notifications/preferences`.
 * The id of this browser's device is kept beside it, so "this device" can be named and removed.
 */
import type { components } from '@/api/schema'
import { api } from '@/data/client'

type Schemas = components['schemas']

export type PushMode = Schemas['PushMode']
export type PushDevice = Schemas['SubscriptionPublic']
export type NotificationPreferences = Schemas['PreferencesPublic']

export const PUSH_MODE_LABELS: Record<PushMode, string> = {
  always: 'Always',
  away: "When I'm away",
  never: 'Never',
}

const DEVICE_KEY = 'portal.push-device'

export type PushSupport = 'supported' | 'unsupported' | 'denied'

/** Whether this browser can receive pushes (iOS: only once the portal is on the home screen). */
export function pushSupport(): PushSupport {
  if (typeof window === 'undefined' || !('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) {
    return 'unsupported'
  }
  return Notification.permission === 'denied' ? 'denied' : 'supported'
}

export function thisDeviceId(): number | null {
  try {
    const raw = window.localStorage.getItem(DEVICE_KEY)
    return raw && /^\d+$/.test(raw) ? Number(raw) : null
  } catch {
    return null
  }
}

function rememberDevice(id: number | null): void {
  try {
    if (id === null) window.localStorage.removeItem(DEVICE_KEY)
    else window.localStorage.setItem(DEVICE_KEY, String(id))
  } catch {
    // storage off: "this device" is simply not marked
  }
}

/** The VAPID public key (base64url) as pushManager.subscribe takes it. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64url + '='.repeat((4 - (base64url.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/')
  const raw = atob(base64)
  const bytes = new Uint8Array(new ArrayBuffer(raw.length))
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i)
  return bytes
}

async function registration(): Promise<ServiceWorkerRegistration> {
  return navigator.serviceWorker.ready
}

export async function listDevices(signal?: AbortSignal): Promise<PushDevice[]> {
  const body = await api.get<{ items: PushDevice[] }>('/push/subscriptions', { signal })
  return body.items
}

export function renameDevice(id: number, name: string): Promise<PushDevice> {
  return api.patch<PushDevice>(`/push/subscriptions/${id}`, { name })
}

export async function removeDevice(id: number): Promise<void> {
  await api.delete(`/push/subscriptions/${id}`)
  if (thisDeviceId() === id) {
    rememberDevice(null)
    const subscription = await (await registration()).pushManager.getSubscription().catch(() => null)
    await subscription?.unsubscribe().catch(() => undefined)
  }
}

/** Asks for permission, subscribes this browser and registers it with the portal. */
export async function turnOnPush(): Promise<PushDevice> {
  const permission = await Notification.requestPermission()
  if (permission !== 'granted') throw new Error('Notifications are blocked for the portal in this browser’s settings.')
  const { publicKey } = await api.get<{ publicKey: string }>('/push/config')
  const manager = (await registration()).pushManager
  let subscription = await manager.getSubscription()
  if (subscription) {
    // Made with another server key (the server's key changed): start again.
    const current = subscription.options.applicationServerKey
    const same = current && keyBytes(publicKey).every((b, i) => new Uint8Array(current)[i] === b)
    if (!same) {
      await subscription.unsubscribe()
      subscription = null
    }
  }
  subscription ??= await manager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) })
  const device = await api.post<PushDevice>('/push/subscriptions', subscription.toJSON())
  rememberDevice(device.id)
  return device
}

/** Removes this browser's device (signing out does it too: a shared phone stops getting your pushes). */
export async function turnOffPushHere(): Promise<void> {
  const id = thisDeviceId()
  if (id !== null) await api.delete(`/push/subscriptions/${id}`).catch(() => undefined)
  rememberDevice(null)
  if (typeof navigator !== 'undefined' && 'serviceWorker' in navigator) {
    const reg = await navigator.serviceWorker.getRegistration().catch(() => undefined)
    const subscription = await reg?.pushManager.getSubscription().catch(() => null)
    await subscription?.unsubscribe().catch(() => undefined)
  }
}

export function sendTestNotification(): Promise<{ devices: number }> {
  return api.post<{ devices: number }>('/push/test')
}

export function getPreferences(signal?: AbortSignal): Promise<NotificationPreferences> {
  return api.get<NotificationPreferences>('/notifications/preferences', { signal })
}

export function savePreferences(change: Partial<NotificationPreferences>): Promise<NotificationPreferences> {
  return api.patch<NotificationPreferences>('/notifications/preferences', change)
}
