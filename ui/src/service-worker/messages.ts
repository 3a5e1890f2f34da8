/**
 * What the service worker reads from a push and from a notification click, and what it tells the
 * page: pure functions shared by the worker (sw.ts) and the page (lib/pwa.ts), tested on their own.
 */

/** The server's push payload (app/services/push/payload.py). */
export interface PushMessage {
  title: string
  body: string
  /** A path of the portal ("/assets/12"); anything else opens the start page. */
  url: string
  /** One per record: a newer notification about it replaces the older one. */
  tag: string
  id: number | null
  kind: string
}

/** The message the worker posts to an open portal tab: go to this path. */
export const OPEN_MESSAGE = 'portal:open'
/** The message the page posts to a waiting worker: take over now (after "Reload"). */
export const SKIP_WAITING = 'SKIP_WAITING'

export interface OpenMessage {
  type: typeof OPEN_MESSAGE
  url: string
}

const FALLBACK_TITLE = 'Staff Portal'

/** Only a path of this origin ("/x", not "//host" or "https://..."): a push never sends a user elsewhere. */
export function safePath(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return '/'
  return value.length > 300 ? '/' : value
}

export function toPushMessage(value: unknown): PushMessage {
  const v = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {}
  const text = (x: unknown, max: number) => (typeof x === 'string' ? x.slice(0, max) : '')
  return {
    title: text(v.title, 120) || FALLBACK_TITLE,
    body: text(v.body, 1000),
    url: safePath(v.url),
    tag: text(v.tag, 64) || 'portal',
    id: typeof v.id === 'number' ? v.id : null,
    kind: text(v.kind, 40),
  }
}

/** A push body as JSON, or plain text as the body of a notification. */
export function parsePushData(text: string | null): PushMessage {
  if (!text) return toPushMessage(null)
  try {
    return toPushMessage(JSON.parse(text))
  } catch {
    return toPushMessage({ body: text })
  }
}

export function notificationOptions(message: PushMessage): NotificationOptions & { renotify?: boolean } {
  return {
    body: message.body,
    tag: message.tag,
    // A replaced notification (same record) alerts again: it carries news.
    renotify: true,
    icon: '/icons/icon-192.png',
    badge: '/icons/badge-96.png',
    data: { url: message.url, id: message.id, kind: message.kind },
  }
}

/** The path a clicked notification opens. */
export function targetOf(data: unknown): string {
  return safePath(typeof data === 'object' && data !== null ? (data as { url?: unknown }).url : undefined)
}

export function isOpenMessage(value: unknown): value is OpenMessage {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { type?: unknown }).type === OPEN_MESSAGE &&
    typeof (value as { url?: unknown }).url === 'string'
  )
}
