/**
 * The user's preference saves (PATCH /me: shortcuts, shell settings) through a queue kept in
 * localStorage: a change is written there at once, then sent; a reload, a closed tab or a dropped
 * connection does not lose it — the next page load (or the next sign-in of the same user) sends
 * it, and sign-out waits for it. Transient failures are retried with backoff; a refusal (4xx) is
 * dropped and reported. A small status (saving / saved / retrying / error) is shown in the toolbar.
 */
import { useSyncExternalStore } from 'react'

import { api, ApiError, errorMessage } from '@/data/client'
import type { Me } from '@/lib/auth'

export interface MeChanges {
  shortcuts?: string[]
  settings?: object
}

export type SaveState = 'idle' | 'saving' | 'saved' | 'retrying' | 'error'
export interface SaveStatus {
  state: SaveState
  message: string
}

interface Pending {
  userId: string
  changes: MeChanges
  /** Bumped on every change: a save clears the queue only if nothing was added meanwhile. */
  seq: number
}

export const PENDING_SAVES_KEY = 'portal.pendingSaves'
const RETRY_MS = [1000, 2000, 5000, 10000, 30000]

let status: SaveStatus = { state: 'idle', message: '' }
const listeners = new Set<() => void>()
let activeUser: string | null = null
let inflight: Promise<void> | null = null
let flushTimer: ReturnType<typeof setTimeout> | undefined
let retryTimer: ReturnType<typeof setTimeout> | undefined
let savedTimer: ReturnType<typeof setTimeout> | undefined
let attempt = 0

function setStatus(state: SaveState, message = ''): void {
  status = { state, message }
  clearTimeout(savedTimer)
  if (state === 'saved') savedTimer = setTimeout(() => setStatus('idle'), 3000)
  listeners.forEach((l) => l())
}

function read(): Pending | null {
  try {
    const value = JSON.parse(localStorage.getItem(PENDING_SAVES_KEY) ?? 'null') as Pending | null
    return value && typeof value.userId === 'string' && typeof value.changes === 'object' ? value : null
  } catch {
    return null
  }
}

function write(value: Pending | null): void {
  try {
    if (value) localStorage.setItem(PENDING_SAVES_KEY, JSON.stringify(value))
    else localStorage.removeItem(PENDING_SAVES_KEY)
  } catch {
    // Storage full or blocked: the save still goes out, only a reload meanwhile would lose it.
  }
}

/** The signed-in user's saves start (or resume, after a reload); answers what is still queued for them. */
export function startPendingSaves(userId: string): MeChanges | null {
  activeUser = userId
  const pending = read()
  if (!pending || pending.userId !== userId) return null
  void flushPendingSaves()
  return pending.changes
}

/** Sign-out: nothing more is sent for this user from here (what is queued waits for their next sign-in). */
export function stopPendingSaves(): void {
  activeUser = null
  clearTimeout(flushTimer)
  clearTimeout(retryTimer)
}

/** Queue a change (kept at once) and send it after ``delayMs``; rejects only when the server refuses it. */
export function queueMeSave(userId: string, changes: MeChanges, delayMs = 0): Promise<void> {
  const current = read()
  const base = current && current.userId === userId ? current.changes : {}
  write({ userId, changes: { ...base, ...changes }, seq: (current?.seq ?? 0) + 1 })
  setStatus('saving')
  clearTimeout(flushTimer)
  if (delayMs <= 0) return flushPendingSaves()
  return new Promise((resolve, reject) => {
    flushTimer = setTimeout(() => flushPendingSaves().then(resolve, reject), delayMs)
  })
}

/** Send what is queued for the signed-in user; resolves when it is saved (or left for a retry). */
export function flushPendingSaves(): Promise<void> {
  if (inflight) return inflight.then(() => (read() ? flushPendingSaves() : undefined))
  const entry = read()
  if (!entry || entry.userId !== activeUser) return Promise.resolve()
  clearTimeout(flushTimer)
  clearTimeout(retryTimer)
  setStatus('saving')
  inflight = api.patch<Me>('/me', entry.changes).then(
    () => {
      inflight = null
      attempt = 0
      const now = read()
      if (now && now.seq === entry.seq) write(null)
      if (read()) return flushPendingSaves()
      setStatus('saved')
    },
    (error: unknown) => {
      inflight = null
      const transient = !(error instanceof ApiError) || error.isNetworkError || error.status >= 500 || error.status === 429 || error.status === 401
      if (!transient) {
        const now = read()
        if (now && now.seq === entry.seq) write(null)
        setStatus('error', `Your settings could not be saved: ${errorMessage(error)}`)
        throw error
      }
      setStatus('retrying', 'Not saved yet: trying again…')
      const wait = RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)]
      attempt += 1
      retryTimer = setTimeout(() => void flushPendingSaves().catch(() => undefined), wait)
    },
  )
  return inflight
}

/** Before sign-out: the queue is sent, waiting at most ``timeoutMs``. */
export function settlePendingSaves(timeoutMs = 5000): Promise<void> {
  return Promise.race([flushPendingSaves().catch(() => undefined), new Promise<void>((r) => setTimeout(r, timeoutMs))])
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function useSaveStatus(): SaveStatus {
  return useSyncExternalStore(subscribe, () => status)
}

if (typeof window !== 'undefined') window.addEventListener('online', () => void flushPendingSaves().catch(() => undefined))
