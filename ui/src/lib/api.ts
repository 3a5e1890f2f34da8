/**
 * The one API client. Every call goes to the configured API origin and carries the
 * session's bearer token. A 401 triggers one token refresh (shared by all calls that
 * fail at the same time) and a retry; when the refresh is refused the session is cleared
 * and the unauthorized handler (registered by the app) sends the user to /login.
 */
import { getConfig } from './config'
import { isOffline, OFFLINE_REASON } from './online'
import { clearSession, getSession, toSession, updateSession, type Session } from './session'

export type FieldErrors = Record<string, string>

export class ApiError extends Error {
  readonly status: number
  readonly errors: FieldErrors
  readonly body: unknown

  constructor(status: number, message: string, errors: FieldErrors = {}, body?: unknown) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.errors = errors
    this.body = body
  }

  /** True when the server could not be reached at all. */
  get isNetworkError(): boolean {
    return this.status === 0
  }
}

export const NETWORK_ERROR_MESSAGE = 'Cannot reach the server. Check your connection and try again.'

export type QueryValue = string | number | boolean | null | undefined
export type Query = Record<string, QueryValue>

export interface RequestOptions {
  query?: Query
  /** Sent as JSON, or as is when it is FormData or a Blob. */
  body?: unknown
  signal?: AbortSignal
  headers?: Record<string, string>
  /** Send the bearer token and refresh it on 401 (default true). Off for the sign-in calls. */
  auth?: boolean
}

export interface SessionStore {
  get(): Session | null
  /** Stores refreshed tokens; false when there is no session any more. */
  update(tokens: Session): boolean
  clear(): void
}

export interface ApiClientOptions {
  baseUrl?: () => string
  fetch?: typeof fetch
  sessionStore?: SessionStore
  onUnauthorized?: () => void
}

export interface ApiClient {
  request<T>(method: string, path: string, options?: RequestOptions): Promise<T>
  get<T>(path: string, options?: Omit<RequestOptions, 'body'>): Promise<T>
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>
  patch<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>
  put<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>
  delete<T>(path: string, options?: RequestOptions): Promise<T>
  /** The app registers what happens when the session is gone (reset the user, go to /login). */
  setUnauthorizedHandler(handler: () => void): void
  /**
   * Refreshes the tokens (single flight, shared with the calls' own refreshes), e.g. when the
   * realtime socket was refused. 'ok': new tokens stored; 'network': the server could not be
   * reached (session kept); 'refused': the session is over (cleared, unauthorized handler called).
   */
  refreshSession(): Promise<'ok' | 'network' | 'refused'>
}

const browserSessionStore: SessionStore = {
  get: getSession,
  update: updateSession,
  clear: clearSession,
}

type RefreshResult = { ok: true; session: Session } | { ok: false; network: boolean }

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError'
}

function toFieldErrors(value: unknown): FieldErrors {
  const errors: FieldErrors = {}
  if (Array.isArray(value)) {
    // [{loc: [..., field], msg}] (pydantic style)
    for (const item of value) {
      if (typeof item !== 'object' || item === null) continue
      const { loc, msg } = item as { loc?: unknown; msg?: unknown }
      const field = Array.isArray(loc) ? String(loc[loc.length - 1]) : 'form'
      if (typeof msg === 'string') errors[field] = msg
    }
  } else if (typeof value === 'object' && value !== null) {
    for (const [field, msg] of Object.entries(value)) {
      if (typeof msg === 'string') errors[field] = msg
      else if (Array.isArray(msg)) errors[field] = msg.map(String).join(' ')
    }
  }
  return errors
}

export async function toApiError(response: Response): Promise<ApiError> {
  let body: unknown
  const text = await response.text().catch(() => '')
  try {
    body = text ? JSON.parse(text) : undefined
  } catch {
    body = text
  }
  let message = ''
  let errors: FieldErrors = {}
  if (typeof body === 'object' && body !== null) {
    const b = body as Record<string, unknown>
    if (typeof b.message === 'string') message = b.message
    else if (typeof b.detail === 'string') message = b.detail
    errors = toFieldErrors(b.errors ?? (Array.isArray(b.detail) ? b.detail : undefined))
    if (!message) message = Object.values(errors)[0] ?? JSON.stringify(body)
  } else if (typeof body === 'string' && body.trim() !== '' && body.length < 300) {
    message = body.trim()
  }
  if (!message) {
    message = `Request failed (${response.status}${response.statusText ? ` ${response.statusText}` : ''}).`
  }
  return new ApiError(response.status, message, errors, body)
}

async function parseBody<T>(response: Response): Promise<T> {
  if (response.status === 204) return undefined as T
  const text = await response.text()
  if (!text) return undefined as T
  const type = response.headers.get('Content-Type') ?? ''
  if (type.includes('json') || /^[[{"]/.test(text.trimStart())) {
    try {
      return JSON.parse(text) as T
    } catch {
      throw new ApiError(response.status, 'The server sent an answer that could not be read.', {}, text)
    }
  }
  return text as T
}

export function buildUrl(base: string, path: string, query?: Query): string {
  const url = `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`
  if (!query) return url
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue
    params.append(key, String(value))
  }
  const search = params.toString()
  return search ? `${url}?${search}` : url
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const baseUrl = options.baseUrl ?? (() => getConfig().apiBase)
  const doFetch: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init))
  const store = options.sessionStore ?? browserSessionStore
  let onUnauthorized = options.onUnauthorized ?? (() => {})
  let refreshing: Promise<RefreshResult> | null = null

  async function send(
    method: string,
    path: string,
    opts: RequestOptions,
    session: Session | null,
  ): Promise<Response> {
    const headers = new Headers({ Accept: 'application/json', ...opts.headers })
    let body: BodyInit | undefined
    if (opts.body instanceof FormData || opts.body instanceof Blob) {
      body = opts.body // a Blob (a photo) goes with its own type: headers['Content-Type']
    } else if (opts.body !== undefined) {
      headers.set('Content-Type', 'application/json')
      body = JSON.stringify(opts.body)
    }
    if (session) headers.set('Authorization', `Bearer ${session.accessToken}`)
    try {
      return await doFetch(buildUrl(baseUrl(), path, opts.query), {
        method,
        headers,
        body,
        signal: opts.signal,
        credentials: 'omit',
      })
    } catch (error) {
      if (isAbort(error) || opts.signal?.aborted) throw error
      throw new ApiError(0, NETWORK_ERROR_MESSAGE)
    }
  }

  async function refresh(): Promise<RefreshResult> {
    const current = store.get()
    if (!current?.refreshToken) return { ok: false, network: false }
    let response: Response
    try {
      response = await send('POST', '/auth/refresh', { body: { refreshToken: current.refreshToken } }, null)
    } catch {
      return { ok: false, network: true }
    }
    if (!response.ok) return { ok: false, network: false }
    const tokens = toSession(await response.json().catch(() => null))
    if (!tokens || !store.update(tokens)) return { ok: false, network: false }
    const session = store.get()
    return session ? { ok: true, session } : { ok: false, network: false }
  }

  /** Single flight: every 401 that arrives while a refresh runs waits for that same refresh. */
  function refreshOnce(): Promise<RefreshResult> {
    refreshing ??= refresh().finally(() => {
      refreshing = null
    })
    return refreshing
  }

  function endSession(): void {
    store.clear()
    onUnauthorized()
  }

  async function request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
    // Offline, a change is refused at once with the reason (reads fail on their own, as before).
    if (method !== 'GET' && isOffline()) throw new ApiError(0, OFFLINE_REASON)
    const useAuth = opts.auth !== false
    const session = useAuth ? store.get() : null
    let response = await send(method, path, opts, session)

    if (response.status === 401 && session) {
      const latest = store.get()
      let renewed: Session | null = null
      if (latest && latest.accessToken !== session.accessToken) {
        renewed = latest // another call refreshed while this one was in flight
      } else {
        const result = await refreshOnce()
        if (result.ok) renewed = result.session
        else if (result.network) throw new ApiError(0, NETWORK_ERROR_MESSAGE)
      }
      if (!renewed) {
        const error = await toApiError(response)
        endSession()
        throw error
      }
      response = await send(method, path, opts, renewed)
      if (response.status === 401) {
        const error = await toApiError(response)
        endSession()
        throw error
      }
    }

    if (!response.ok) throw await toApiError(response)
    return parseBody<T>(response)
  }

  return {
    request,
    get: (path, opts) => request('GET', path, opts),
    post: (path, body, opts) => request('POST', path, { ...opts, body }),
    patch: (path, body, opts) => request('PATCH', path, { ...opts, body }),
    put: (path, body, opts) => request('PUT', path, { ...opts, body }),
    delete: (path, opts) => request('DELETE', path, opts),
    setUnauthorizedHandler(handler) {
      onUnauthorized = handler
    },
    async refreshSession() {
      if (!store.get()) return 'refused'
      const result = await refreshOnce()
      if (result.ok) return 'ok'
      if (result.network) return 'network'
      endSession()
      return 'refused'
    },
  }
}

/** The shared client used by every feature. */
export const api = createApiClient()

/** A readable message for any error thrown by a call. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message
  if (error instanceof Error && error.message) return error.message
  try {
    return JSON.stringify(error)
  } catch {
    return String(error)
  }
}
