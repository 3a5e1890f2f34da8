/**
 * The one Socket.IO client. It connects to the API origin with the current access token
 * (a function, so every reconnect sends the token in force), and hands what the server pushes to
 * the handlers; `startRealtime` wires those handlers to the jotai store (data/live.ts).
 *
 * - connect_error 'unauthorized' -> refresh the tokens through the API client, then reconnect
 *   (when the refresh is refused the API client ends the session: the user goes to /login);
 * - `session` {type: 'session.ended'} -> the server drops the socket: refresh and reconnect, or
 *   sign out when the refresh fails;
 * - every (re)connect bumps the epoch: pages refetch what they show, so nothing is missed.
 */
import type { createStore } from 'jotai'

import type { EventName } from '@/api/schema'
import { flushSync } from 'react-dom'
import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client'

import { receiveAuditEntryAtom, toAuditPush } from './admin'
import { api } from '@/data/client'
import { getConfig } from '@/lib/config'
import { receiveDocumentProgressAtom, toDocumentProgress } from './document-progress'
import { watchIdle } from '@/lib/idle'
import { receiveNotificationAtom, resetNotificationsAtom, toNotificationPush } from './notifications'
import { receivePortalSettingsAtom, toPortalSettings } from './portal-settings'
import { receiveQuickPanelPushAtom, resetQuickPanelAtom, toQuickPanelPush } from './quick-panel'
import { receiveRecordBatchAtom, toRecordBatch } from './record-batches'
import {
  receiveRecordEventAtom,
  realtimeStateAtom,
  setRealtimeEmitter,
  toRecordEvent,
  type RealtimeState,
  type RecordEvent,
} from './live'
import { getSession } from '@/lib/session'

export type RefreshOutcome = 'ok' | 'network' | 'refused'

/** Server -> client events besides `record` and `session` (chat, presence, quick panel, notifications, document progress). */
export const PUSH_CHANNELS = ['chat:message', 'chat:typing', 'chat:read', 'presence', 'presence:batch', 'quick-panel', 'notification', 'document-progress', 'records', 'audit', 'portal-settings'] as const satisfies readonly EventName[]
export type PushChannel = (typeof PUSH_CHANNELS)[number]

export interface RealtimeHandlers {
  onRecord(event: RecordEvent): void
  /** Any of PUSH_CHANNELS, payload as sent (each receiver validates it). */
  onPush?(channel: PushChannel, payload: unknown): void
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

/**
 * Backoff after a dropped connection: 0.5 s, 1 s, 2 s, then every 2.5 s, each randomised by ±50 % so
 * that when a server restarts its thousands of clients come back spread over about two seconds
 * instead of in the same instant, and none waits more than 2.5 s once it is up again (issue 20: all
 * back within 15 s of a restart; the reconnect-storm benchmark, ops/benchmarks/connections.py, reads
 * these).
 */
export const RECONNECTION = {
  reconnectionDelay: 500,
  reconnectionDelayMax: 2500,
  randomizationFactor: 0.5,
} as const

/** Delay before trying again after the server refused the connection (e.g. 'unavailable', ms)... */
export const RETRY_DELAY = 3000
/** ...randomised by ± this fraction: the clients one process refused at once do not all come back together. */
export const RETRY_JITTER = 0.5

/** The delay before the next try after a refusal: ``base`` ± ``RETRY_JITTER``. */
export function jitteredRetryDelay(base: number, random: () => number = Math.random): number {
  return Math.round(base * (1 - RETRY_JITTER + 2 * RETRY_JITTER * random()))
}

export function createRealtimeClient(options: RealtimeClientOptions): RealtimeClient {
  const connect = options.connect ?? io
  const retryDelay = options.retryDelay ?? RETRY_DELAY
  let stopped = false
  let renewing = false
  let retryTimer: ReturnType<typeof setTimeout> | undefined

  const socket = connect(options.url, {
    path: '/socket.io',
    transports: ['websocket'],
    autoConnect: false,
    ...RECONNECTION,
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
        retryTimer = setTimeout(() => void renewAndReconnect(), jitteredRetryDelay(retryDelay))
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
    else if (!socket.active && !stopped) retryTimer = setTimeout(() => socket.connect(), jitteredRetryDelay(retryDelay))
  })
  socket.on('record', (payload: unknown) => {
    const event = toRecordEvent(payload)
    if (event) options.handlers.onRecord(event)
  })
  for (const channel of PUSH_CHANNELS) {
    socket.on(channel, (payload: unknown) => options.handlers.onPush?.(channel, payload))
  }
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

/**
 * A feature's side of the socket: the channels it takes, and what it does when the socket drops
 * and when realtime stops. The data layer knows no feature: the app layer registers each feature's
 * receiver at start-up (app/realtime-receivers.ts), before startRealtime.
 */
export interface PushReceiver {
  channels: readonly PushChannel[]
  receive(store: Store, channel: PushChannel, payload: unknown): void
  dropped?(store: Store): void
  reset?(store: Store): void
}

const receivers = new Set<PushReceiver>()

/** Adds a feature's receiver; returns the function that removes it. */
export function registerPushReceiver(receiver: PushReceiver): () => void {
  receivers.add(receiver)
  return () => {
    receivers.delete(receiver)
  }
}

/** Hands a push to the atoms that keep that kind of state (a registered feature's, for its channels). */
export function dispatchPush(store: Store, channel: PushChannel, payload: unknown): void {
  switch (channel) {
    case 'notification': {
      const push = toNotificationPush(payload)
      if (push) store.set(receiveNotificationAtom, push)
      return
    }
    case 'quick-panel': {
      const push = toQuickPanelPush(payload)
      if (push) store.set(receiveQuickPanelPushAtom, push)
      return
    }
    case 'document-progress': {
      const push = toDocumentProgress(payload)
      if (push) store.set(receiveDocumentProgressAtom, push)
      return
    }
    case 'records': {
      const batch = toRecordBatch(payload)
      if (batch) store.set(receiveRecordBatchAtom, batch)
      return
    }
    case 'audit': {
      const entry = toAuditPush(payload)
      if (entry) store.set(receiveAuditEntryAtom, entry)
      return
    }
    case 'portal-settings': {
      const settings = toPortalSettings(payload)
      if (settings) store.set(receivePortalSettingsAtom, settings)
      return
    }
    default:
      for (const receiver of receivers) if (receiver.channels.includes(channel)) receiver.receive(store, channel, payload)
  }
}

/**
 * Starts the realtime connection for the signed-in user; returns the function that stops it.
 * Also reports idleness for presence: `presence {idle}` after IDLE_TIMEOUT_MS without activity,
 * `{idle: false}` on the next activity, and again after every reconnect while idle (a new socket
 * starts active on the server).
 */
export function startRealtime(store: Store): () => void {
  const setStatus = (patch: Partial<RealtimeState>) =>
    store.set(realtimeStateAtom, { ...store.get(realtimeStateAtom), ...patch })
  setStatus({ status: 'connecting', error: null })
  const client = createRealtimeClient({
    url: getConfig().apiBase,
    getToken: () => getSession()?.accessToken ?? null,
    refresh: () => api.refreshSession(),
    handlers: {
      // Rendered and committed in this task (not in a React scheduler task after it), so the change
      // is in the DOM for the display's next frame (issue 20: a pushed change painted within 16 ms).
      onRecord: (event) => flushSync(() => store.set(receiveRecordEventAtom, event)),
      onPush: (channel, payload) => dispatchPush(store, channel, payload),
      onConnected: () => {
        if (idle.detector.isIdle()) client.socket.emit('presence', { idle: true })
        setStatus({ status: 'connected', epoch: store.get(realtimeStateAtom).epoch + 1, error: null })
      },
      onDisconnected: () => {
        for (const receiver of receivers) receiver.dropped?.(store)
        setStatus({ status: 'disconnected' })
      },
      onError: (message) => setStatus({ status: 'disconnected', error: message }),
    },
  })
  const idle = watchIdle((isIdle) => {
    if (client.socket.connected) client.socket.emit('presence', { idle: isIdle })
  })
  setRealtimeEmitter((event, payload) => {
    if (!client.socket.connected) return false
    client.socket.emit(event, payload)
    return true
  })
  return () => {
    setRealtimeEmitter(null)
    idle.stop()
    client.stop()
    setStatus({ status: 'idle' })
    for (const receiver of receivers) receiver.reset?.(store)
    store.set(resetNotificationsAtom)
    store.set(resetQuickPanelAtom)
  }
}
