/**
 * The signed-in session (tokens + issuedAt) lives under ONE fixed key.
 * Remember Me on  -> localStorage (survives browser restarts).
 * Remember Me off -> sessionStorage (this browser session only).
 */
import type { components } from '@/api/schema'

export const SESSION_KEY = 'portal.session'

/** The tokens of a sign-in or refresh (issuedAt: ISO date; lifetimes in seconds). */
export type Tokens = components['schemas']['Tokens']

export type Session = Tokens

export interface StoredSession {
  session: Session
  remember: boolean
}

type StorageKind = 'local' | 'session'

function storage(kind: StorageKind): Storage | null {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage
  } catch {
    return null // storage disabled (privacy mode, sandboxed iframe)
  }
}

function read(kind: StorageKind): Session | null {
  try {
    const raw = storage(kind)?.getItem(SESSION_KEY)
    if (!raw) return null
    return toSession(JSON.parse(raw))
  } catch {
    return null
  }
}

function write(kind: StorageKind, session: Session): void {
  try {
    storage(kind)?.setItem(SESSION_KEY, JSON.stringify(session))
  } catch {
    // Quota or disabled storage: the session then lasts as long as the page.
  }
}

function remove(kind: StorageKind): void {
  try {
    storage(kind)?.removeItem(SESSION_KEY)
  } catch {
    // nothing to remove
  }
}

/** Validates a value read from storage or received from the API; null when it is not a session. */
export function toSession(value: unknown): Session | null {
  if (typeof value !== 'object' || value === null) return null
  const v = value as Record<string, unknown>
  if (typeof v.accessToken !== 'string' || v.accessToken === '') return null
  return {
    accessToken: v.accessToken,
    idToken: typeof v.idToken === 'string' ? v.idToken : '',
    refreshToken: typeof v.refreshToken === 'string' ? v.refreshToken : '',
    tokenType: typeof v.tokenType === 'string' ? v.tokenType : 'Bearer',
    issuedAt: typeof v.issuedAt === 'string' && v.issuedAt !== '' ? v.issuedAt : new Date().toISOString(),
    expiresIn: typeof v.expiresIn === 'number' ? v.expiresIn : 0,
    refreshExpiresIn: typeof v.refreshExpiresIn === 'number' ? v.refreshExpiresIn : 0,
  }
}

/** The stored session, looked up in localStorage first, then sessionStorage. */
export function loadSession(): StoredSession | null {
  const remembered = read('local')
  if (remembered) return { session: remembered, remember: true }
  const temporary = read('session')
  if (temporary) return { session: temporary, remember: false }
  return null
}

export function getSession(): Session | null {
  return loadSession()?.session ?? null
}

/** Stores the session in the storage chosen by Remember Me, and removes it from the other one. */
export function saveSession(session: Session, remember: boolean): void {
  const target: StorageKind = remember ? 'local' : 'session'
  remove(remember ? 'session' : 'local')
  write(target, session)
}

/**
 * Replaces the tokens after a refresh, keeping the storage the user chose at sign-in.
 * A refresh answer without a refresh token keeps the current one.
 * Returns false (and stores nothing) when there is no session any more.
 */
export function updateSession(tokens: Session): boolean {
  const current = loadSession()
  if (!current) return false // signed out meanwhile (e.g. in another tab): do not resurrect it
  const merged: Session = {
    ...tokens,
    refreshToken: tokens.refreshToken || current.session.refreshToken,
  }
  saveSession(merged, current.remember)
  return true
}

/** Logout: removes the session (and the profile kept for offline starts) from both storages. */
export function clearSession(): void {
  remove('local')
  remove('session')
  for (const kind of ['local', 'session'] as const) {
    try {
      storage(kind)?.removeItem(PROFILE_KEY)
    } catch {
      // nothing to remove
    }
  }
}

/**
 * The last `GET /me` answer, kept where the session is: an installed app started without a network
 * opens with it (and says it is offline) instead of treating the user as signed out.
 */
export const PROFILE_KEY = 'portal.profile'

export function saveProfile(profile: unknown): void {
  const current = loadSession()
  if (!current) return
  try {
    storage(current.remember ? 'local' : 'session')?.setItem(PROFILE_KEY, JSON.stringify(profile))
  } catch {
    // quota or storage off: offline starts then go to the sign-in page
  }
}

export function loadProfile(): unknown {
  const current = loadSession()
  if (!current) return null
  try {
    const raw = storage(current.remember ? 'local' : 'session')?.getItem(PROFILE_KEY)
    return raw ? JSON.parse(raw) : null
  } catch {
    return null
  }
}
