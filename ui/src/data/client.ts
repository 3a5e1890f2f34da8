/**
 * The one API client (JSON calls, uploads with progress, file downloads). Every call goes to the
 * configured API origin and carries the session's bearer token. A 401 triggers one token refresh (shared by all calls that
 * fail at the same time) and a retry; when the refresh is refused the session is cleared
 * and the unauthorized handler (registered by the app) sends the user to /login.
 *
 * Conditional refetches: the API tags list and record answers with an ETag (derived from the data
 * version, the query and what the caller may see). The client keeps the last answer of each GET
 * that had one (bounded: COPY_ENTRIES answers, none over COPY_MAX_CHARS) and asks again with
 * If-None-Match; on 304 it answers from its copy, so an unchanged list costs no body and no parse
 * of new data on the server. Copies are dropped when the session ends.
 */
import { getConfig } from '@/lib/config'
import { isOffline, OFFLINE_REASON } from '@/lib/online'
import { clearSession, getSession, toSession, updateSession, type Session } from '@/lib/session'

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

export interface UploadProgress {
  loaded: number
  total: number
}

/** Builds the XMLHttpRequest an upload uses (a stand-in is injected in tests). */
export type XhrFactory = () => XMLHttpRequest

export interface UploadRequestOptions {
  query?: Query
  signal?: AbortSignal
  /** The bytes sent so far (XMLHttpRequest: fetch cannot report upload progress). */
  onProgress?: (progress: UploadProgress) => void
  xhr?: XhrFactory
}

export const UPLOAD_CUT_OFF =
  'The upload stopped before it finished: the connection dropped, or the server refused the file while it was being sent (it may be too large). Try again.'

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
  xhr?: XhrFactory
}

export interface ApiClient {
  request<T>(method: string, path: string, options?: RequestOptions): Promise<T>
  get<T>(path: string, options?: Omit<RequestOptions, 'body'>): Promise<T>
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>
  patch<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>
  put<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>
  delete<T>(path: string, options?: RequestOptions): Promise<T>
  /** POST a form with upload progress; same 401/refresh path and errors as the other calls. */
  upload<T>(path: string, form: FormData, options?: UploadRequestOptions): Promise<T>
  /** GET a file (export, stored document, preview) as a Blob. */
  download(path: string, options?: Omit<RequestOptions, 'body'>): Promise<Blob>
  /** The app registers what happens when the session is gone (reset the user, go to /login). */
  setUnauthorizedHandler(handler: () => void): void
  /**
   * Refreshes the tokens (single flight, shared with the calls' own refreshes), e.g. when the
   * realtime socket was refused. 'ok': new tokens stored; 'network': the server could not be
   * reached (session kept); 'refused': the session is over (cleared, unauthorized handler called).
   */
  refreshSession(): Promise<'ok' | 'network' | 'refused'>
  /** How many answers are kept for conditional refetches (for tests). */
  readonly keptAnswers: number
}

const browserSessionStore: SessionStore = {
  get: getSession,
  update: updateSession,
  clear: clearSession,
}

/** How many answers the client keeps for conditional refetches, and the largest it keeps. */
export const COPY_ENTRIES = 100
export const COPY_MAX_CHARS = 2_000_000

interface Copy {
  etag: string
  text: string
  type: string
}

/** Least recently used copies of GET answers, by URL. */
class Copies {
  private readonly items = new Map<string, Copy>()

  get(url: string): Copy | undefined {
    const copy = this.items.get(url)
    if (copy) {
      this.items.delete(url)
      this.items.set(url, copy)
    }
    return copy
  }

  keep(url: string, copy: Copy): void {
    this.items.delete(url)
    if (copy.text.length > COPY_MAX_CHARS) return
    this.items.set(url, copy)
    while (this.items.size > COPY_ENTRIES) {
      const oldest = this.items.keys().next().value
      if (oldest === undefined) break
      this.items.delete(oldest)
    }
  }

  clear(): void {
    this.items.clear()
  }

  get size(): number {
    return this.items.size
  }
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
  return parseText<T>(response.status, await response.text(), response.headers.get('Content-Type') ?? '')
}

function parseText<T>(status: number, text: string, type: string): T {
  if (!text) return undefined as T
  if (type.includes('json') || /^[[{"]/.test(text.trimStart())) {
    try {
      return JSON.parse(text) as T
    } catch {
      throw new ApiError(status, 'The server sent an answer that could not be read.', {}, text)
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

function abortError(): DOMException {
  return new DOMException('The upload was cancelled.', 'AbortError')
}

/** Status codes a Response may not carry a body with. */
const NULL_BODY = new Set([204, 205, 304])

/** One XMLHttpRequest POST of a form, answered as a fetch Response (so one path reads every answer). */
function sendXhr(factory: XhrFactory, url: string, headers: Record<string, string>, form: FormData, options: UploadRequestOptions): Promise<Response> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) return reject(abortError())
    const xhr = factory()
    let sentAll = false
    const onAbort = () => xhr.abort()
    const done = () => options.signal?.removeEventListener('abort', onAbort)
    xhr.open('POST', url)
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value)
    xhr.upload.onprogress = (event: ProgressEvent) => {
      if (event.lengthComputable) {
        sentAll = event.loaded >= event.total
        options.onProgress?.({ loaded: event.loaded, total: event.total })
      }
    }
    xhr.upload.onload = () => {
      sentAll = true
    }
    xhr.onload = () => {
      done()
      const type = xhr.getResponseHeader?.('Content-Type') ?? 'application/json'
      const body = NULL_BODY.has(xhr.status) ? null : xhr.responseText || null
      resolve(new Response(body, { status: xhr.status, headers: { 'Content-Type': type } }))
    }
    xhr.onerror = () => {
      done()
      reject(new ApiError(0, sentAll ? NETWORK_ERROR_MESSAGE : UPLOAD_CUT_OFF))
    }
    xhr.onabort = () => {
      done()
      reject(abortError())
    }
    options.signal?.addEventListener('abort', onAbort, { once: true })
    xhr.send(form)
  })
}

/** Sends one request with the given session (null: no token) and If-None-Match copy. */
type Transport = (session: Session | null, copy?: Copy) => Promise<Response>

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const baseUrl = options.baseUrl ?? (() => getConfig().apiBase)
  const doFetch: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init))
  const defaultXhr: XhrFactory = options.xhr ?? (() => new XMLHttpRequest())
  const store = options.sessionStore ?? browserSessionStore
  let onUnauthorized = options.onUnauthorized ?? (() => {})
  let refreshing: Promise<RefreshResult> | null = null
  const copies = new Copies()

  async function send(
    method: string,
    path: string,
    opts: RequestOptions,
    session: Session | null,
    copy?: Copy,
  ): Promise<Response> {
    const headers = new Headers({ Accept: 'application/json', ...opts.headers })
    if (copy && !headers.has('If-None-Match')) headers.set('If-None-Match', copy.etag)
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
    copies.clear()
    store.clear()
    onUnauthorized()
  }

  /**
   * The one authorized exchange every call goes through: sends with the current token; on 401
   * refreshes once (single flight) and sends again; when the session is over, clears it and calls
   * the unauthorized handler. Answers the final response (any status but 401).
   */
  async function exchange(method: string, useAuth: boolean, transport: Transport, copy?: Copy): Promise<Response> {
    // Offline, a change is refused at once with the reason (reads fail on their own, as before).
    if (method !== 'GET' && isOffline()) throw new ApiError(0, OFFLINE_REASON)
    const session = useAuth ? store.get() : null
    if (useAuth && !session) copies.clear()
    let response = await transport(session, copy)
    if (response.status !== 401 || !session) return response

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
    response = await transport(renewed, copy)
    if (response.status === 401) {
      const error = await toApiError(response)
      endSession()
      throw error
    }
    return response
  }

  async function request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
    const useAuth = opts.auth !== false
    // Only the client's own conditional refetches: a caller's If-None-Match gets the 304 itself.
    const conditional = method === 'GET' && useAuth && store.get() !== null && !opts.headers?.['If-None-Match']
    const url = conditional ? buildUrl(baseUrl(), path, opts.query) : ''
    const copy = conditional ? copies.get(url) : undefined
    const response = await exchange(method, useAuth, (session, c) => send(method, path, opts, session, c), copy)

    if (response.status === 304 && copy) return parseText<T>(200, copy.text, copy.type)
    if (!response.ok) throw await toApiError(response)
    const etag = conditional ? response.headers.get('ETag') : null
    if (!etag || response.status !== 200) return parseBody<T>(response)
    const text = await response.text()
    const type = response.headers.get('Content-Type') ?? ''
    copies.keep(url, { etag, text, type })
    return parseText<T>(response.status, text, type)
  }

  async function upload<T>(path: string, form: FormData, opts: UploadRequestOptions = {}): Promise<T> {
    const url = buildUrl(baseUrl(), path, opts.query)
    const response = await exchange('POST', true, (session) => {
      const headers: Record<string, string> = { Accept: 'application/json' }
      if (session) headers.Authorization = `Bearer ${session.accessToken}`
      return sendXhr(opts.xhr ?? defaultXhr, url, headers, form, opts)
    })
    if (!response.ok) throw await toApiError(response)
    return parseBody<T>(response)
  }

  async function download(path: string, opts: Omit<RequestOptions, 'body'> = {}): Promise<Blob> {
    const transport: Transport = (session) => send('GET', path, { ...opts, headers: { Accept: '*/*', ...opts.headers } }, session)
    const response = await exchange('GET', opts.auth !== false, transport)
    if (!response.ok) throw await toApiError(response)
    return response.blob()
  }

  return {
    request,
    get: (path, opts) => request('GET', path, opts),
    post: (path, body, opts) => request('POST', path, { ...opts, body }),
    patch: (path, body, opts) => request('PATCH', path, { ...opts, body }),
    put: (path, body, opts) => request('PUT', path, { ...opts, body }),
    delete: (path, opts) => request('DELETE', path, opts),
    upload,
    download,
    get keptAnswers() {
      return copies.size
    },
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

/** Hands a fetched file to the browser's download under `name` (through a blob URL: the token never goes in a link). */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob)
  try {
    const link = document.createElement('a')
    link.href = url
    link.download = name
    link.rel = 'noopener'
    document.body.appendChild(link)
    link.click()
    link.remove()
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 30_000)
  }
}

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
