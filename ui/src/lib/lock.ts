/**
 * The lock screen (/pages/auth/lock): after LOCK_AFTER_MS without activity, or on request, the
 * shell sends the signed-in user to the lock page, and keeps sending them there until they enter
 * their password again (POST /auth/unlock). The lock is remembered per user in localStorage, so a
 * reload or a second tab does not get around it; signing out clears it.
 */
export const LOCK_KEY = 'portal.locked'
export const LOCK_PATH = '/pages/auth/lock'
export const LOCK_AFTER_MS = 30 * 60_000

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage
  } catch {
    return null
  }
}

export function lockScreen(userId: string): void {
  storage()?.setItem(LOCK_KEY, userId)
}

export function unlockScreen(): void {
  storage()?.removeItem(LOCK_KEY)
}

export function isLocked(userId: string | null | undefined): boolean {
  return Boolean(userId) && storage()?.getItem(LOCK_KEY) === userId
}

/** Where to go back after unlocking: a path of this app only (no other site, not the lock page). */
export function safeReturnPath(from: string | null | undefined, fallback = '/dashboard'): string {
  if (!from || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) return fallback
  if (from === LOCK_PATH || from.startsWith(`${LOCK_PATH}?`) || from.startsWith('/login') || from.startsWith('/logout')) return fallback
  return from
}

/** The lock page's address, remembering the page that was open. */
export function lockPathFor(current: string): string {
  const from = safeReturnPath(current, '')
  return from ? `${LOCK_PATH}?from=${encodeURIComponent(from)}` : LOCK_PATH
}
