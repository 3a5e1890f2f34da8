/**
 * The one Socket.IO client. It connects to the API origin with the current access token
 * (a function, so every reconnect sends the token in force), and hands what the server pushes to
 * the handlers; `startRealtime` wires those handlers to the jotai store (lib/realtime.ts).
 *
 * - connect_error 'unauthorized' -> refresh the tokens through the API client, then reconnect
 *   (when the refresh is refused the API client ends the session: the user goes to /login);
 * - `session` {type: 'session.ended'} -> the server drops the socket: refresh and reconnect, or
 *   sign out when the refresh fails;
 * - every (re)connect bumps the epoch: pages refetch what they show, so nothing is missed.
 */
import type { createStore } from 'jotai'
import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client'

import { api } from './api'
import { getConfig } from './config'
import {
  receiveRecordEventAtom,
  realtimeStateAtom,
  toRecordEvent,
  type RealtimeState,
  type RecordEvent,
} from './realtime'
import { getSession } from './session'

export type RefreshOutcome = 'ok' | 'network' | 'refused'

export interface RealtimeHandlers {
  onRecord(event: RecordEvent): void
  onConnected(): void
  onDisconnected(reason: string): void
  onError(message: string): void
}

export interface RealtimeClientOptions {
  url: string
  getToken: () => string | null
  refresh: () => Promise<RefreshOutcome>
  handlers: RealtimeHandlers
  /** Injected in tests. */
  connect?: (url: string, options: Partial<ManagerOptions & SocketOptions>) => Socket
  /** Delay before trying again after a network failure of the refresh (ms). */
  retryDelay?: number
}

export interface RealtimeClient {
  stop(): void
  readonly socket: Socket
}

export const UNAUTHORIZED = 'unauthorized'

export function createRealtimeClient(options: RealtimeClientOptions): RealtimeClient {
  const connect = options.connect ?? io
  const retryDelay = options.retryDelay ?? 5000
  let stopped = false
  let renewing = false
  let retryTimer: ReturnType<typeof setTimeout> | undefined

  const socket = connect(options.url, {
    path: '/socket.io',
    transports: ['websocket'],
    autoConnect: false,
    auth: (cb: (data: object) => void) => cb({ token: options.getToken() ?? '' }),
  })

  /** Refresh the tokens, then connect again; give up when the session is over. */
  async function renewAndReconnect(): Promise<void> {
    if (renewing || stopped) return
    renewing = true
    try {
      const outcome = await options.refresh()
      if (stopped) return
      if (outcome === 'ok') {
        socket.connect()
      } else if (outcome === 'network') {
        retryTimer = setTimeout(() => void renewAndReconnect(), retryDelay)
      } else {
        stop() // the API client cleared the session; the route guard sends the user to /login
      }
    } finally {
      renewing = false
    }
  }

  socket.on('connect', () => options.handlers.onConnected())
  socket.on('disconnect', (reason: string) => options.handlers.onDisconnected(reason))
  socket.on('connect_error', (error: Error) => {
    options.handlers.onError(error.message)
    if (error.message === UNAUTHORIZED) void renewAndReconnect()
    // Other errors (server down, network): socket.io retries by itself while socket.active.
    else if (!socket.active && !stopped) retryTimer = setTimeout(() => socket.connect(), retryDelay)
  })
  socket.on('record', (payload: unknown) => {
    const event = toRecordEvent(payload)
    if (event) options.handlers.onRecord(event)
  })
  socket.on('session', (payload: unknown) => {
    const type = typeof payload === 'object' && payload !== null ? (payload as { type?: unknown }).type : undefined
    if (type !== 'session.ended') return
    socket.disconnect()
    void renewAndReconnect()
  })

  function stop(): void {
    stopped = true
    clearTimeout(retryTimer)
    socket.removeAllListeners()
    socket.disconnect()
  }

  socket.connect()
  return { stop, socket }
}

type Store = ReturnType<typeof createStore>

/** Starts the realtime connection for the signed-in user; returns the function that stops it. */
export function startRealtime(store: Store): () => void {
  const setStatus = (patch: Partial<RealtimeState>) =>
    store.set(realtimeStateAtom, { ...store.get(realtimeStateAtom), ...patch })
  setStatus({ status: 'connecting', error: null })
  const client = createRealtimeClient({
    url: getConfig().apiBase,
    getToken: () => getSession()?.accessToken ?? null,
    refresh: () => api.refreshSession(),
    handlers: {
      onRecord: (event) => store.set(receiveRecordEventAtom, event),
      onConnected: () => setStatus({ status: 'connected', epoch: store.get(realtimeStateAtom).epoch + 1, error: null }),
      onDisconnected: () => setStatus({ status: 'disconnected' }),
      onError: (message) => setStatus({ status: 'disconnected', error: message }),
    },
  })
  return () => {
    client.stop()
    setStatus({ status: 'idle' })
  }
}
