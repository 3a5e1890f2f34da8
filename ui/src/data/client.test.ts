import { describe, expect, it, vi } from 'vitest'

import { FakeXhr } from '@/testing/fake-xhr'
import { json, mockFetch, path, type Call } from '@/testing/fetch-mock'

import { ApiError, buildUrl, createApiClient, NETWORK_ERROR_MESSAGE, UPLOAD_CUT_OFF } from './client'
import { OFFLINE_REASON } from '@/lib/online'
import { getSession, loadSession, saveSession, type Session } from '@/lib/session'

const BASE = 'http://api.test'

const tokens = (accessToken: string, refreshToken = 'refresh-1'): Session => ({
  accessToken,
  idToken: 'id',
  refreshToken,
  tokenType: 'Bearer',
  issuedAt: '2026-01-01T10:00:00.000Z',
  expiresIn: 3600,
  refreshExpiresIn: 86400,
})

const bearer = (call: Call) => call.headers.get('Authorization')

function deferred<T>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((r) => (resolve = r))
  return { promise, resolve }
}

describe('api client', () => {
  it('calls the configured base URL with the bearer token', async () => {
    saveSession(tokens('access-1'), true)
    const { fetch, calls } = mockFetch(() => json({ items: [], total: 3, page: 1, perPage: 1 }))
    const api = createApiClient({ baseUrl: () => BASE, fetch })
    const page = await api.get<{ total: number }>('/assets', { query: { page: 1, perPage: 1, status: 'GOOD', q: '' } })
    expect(page.total).toBe(3)
    expect(calls[0].url).toBe(`${BASE}/assets?page=1&perPage=1&status=GOOD`)
    expect(bearer(calls[0])).toBe('Bearer access-1')
  })

  it('does not send a token on sign-in calls and never refreshes them', async () => {
    saveSession(tokens('access-1'), true)
    const { fetch, calls } = mockFetch(() => json({ message: 'Incorrect username or password.' }, 401))
    const onUnauthorized = vi.fn()
    const api = createApiClient({ baseUrl: () => BASE, fetch, onUnauthorized })
    await expect(api.post('/auth/sign-in', { username: 'a', password: 'b' }, { auth: false })).rejects.toMatchObject({
      status: 401,
      message: 'Incorrect username or password.',
    })
    expect(calls).toHaveLength(1)
    expect(bearer(calls[0])).toBeNull()
    expect(onUnauthorized).not.toHaveBeenCalled()
  })

  it('turns {message, errors} answers into an ApiError with field errors', async () => {
    const { fetch } = mockFetch(() =>
      json({ message: 'Check the form.', errors: { username: 'Username is required.' } }, 422),
    )
    const api = createApiClient({ baseUrl: () => BASE, fetch })
    const error = await api.post('/auth/sign-in', {}, { auth: false }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 422, message: 'Check the form.', errors: { username: 'Username is required.' } })
  })

  it('refuses a change at once while the browser is offline, with the reason', async () => {
    saveSession(tokens('access-1'), true)
    const offline = vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false)
    const { fetch, calls } = mockFetch(() => json({}))
    const api = createApiClient({ baseUrl: () => BASE, fetch })
    await expect(api.post('/assets', { name: 'x' })).rejects.toMatchObject({ status: 0, message: OFFLINE_REASON })
    expect(calls).toEqual([])
    offline.mockRestore()
  })

  it('reports an unreachable server as status 0', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch')
    }) as unknown as typeof globalThis.fetch
    const api = createApiClient({ baseUrl: () => BASE, fetch })
    await expect(api.get('/me')).rejects.toMatchObject({ status: 0, message: NETWORK_ERROR_MESSAGE })
  })

  it('refreshes once for concurrent 401s (single flight) and retries every call', async () => {
    saveSession(tokens('old', 'refresh-1'), false)
    const refreshAnswer = deferred<Response>()
    const { fetch, calls } = mockFetch((call) => {
      if (path(call) === '/auth/refresh') return refreshAnswer.promise
      if (bearer(call) === 'Bearer old') return json({ message: 'Token expired.' }, 401)
      return json({ path: path(call) })
    })
    const api = createApiClient({ baseUrl: () => BASE, fetch })

    const pending = Promise.all([api.get('/me'), api.get('/assets'), api.get('/leads')])
    await vi.waitFor(() => expect(calls.filter((c) => path(c) === '/auth/refresh')).toHaveLength(1))
    refreshAnswer.resolve(json(tokens('new', 'refresh-2')))

    await expect(pending).resolves.toEqual([{ path: '/me' }, { path: '/assets' }, { path: '/leads' }])
    const refreshes = calls.filter((c) => path(c) === '/auth/refresh')
    expect(refreshes).toHaveLength(1)
    expect(refreshes[0].body).toEqual({ refreshToken: 'refresh-1' })
    expect(bearer(refreshes[0])).toBeNull()
    expect(calls.filter((c) => bearer(c) === 'Bearer new').map(path).sort()).toEqual(['/assets', '/leads', '/me'])
    // The new tokens stay where Remember Me put them (sessionStorage here).
    expect(loadSession()).toMatchObject({ remember: false, session: { accessToken: 'new', refreshToken: 'refresh-2' } })
  })

  it('retries with the already refreshed token when a late 401 arrives after the refresh', async () => {
    saveSession(tokens('old'), true)
    const late = deferred<Response>()
    let first = true
    const { fetch, calls } = mockFetch((call) => {
      if (path(call) === '/auth/refresh') return json(tokens('new'))
      if (bearer(call) === 'Bearer old') {
        if (path(call) === '/slow' && first) {
          first = false
          return late.promise
        }
        return json({ message: 'Token expired.' }, 401)
      }
      return json({ ok: path(call) })
    })
    const api = createApiClient({ baseUrl: () => BASE, fetch })
    const slow = api.get('/slow')
    await api.get('/fast') // refreshes
    late.resolve(json({ message: 'Token expired.' }, 401))
    await expect(slow).resolves.toEqual({ ok: '/slow' })
    expect(calls.filter((c) => path(c) === '/auth/refresh')).toHaveLength(1)
  })

  it('clears the session and calls the unauthorized handler once the refresh is refused', async () => {
    saveSession(tokens('old'), true)
    const { fetch, calls } = mockFetch((call) =>
      path(call) === '/auth/refresh'
        ? json({ message: 'Refresh token expired.' }, 401)
        : json({ message: 'Token expired.' }, 401),
    )
    const onUnauthorized = vi.fn()
    const api = createApiClient({ baseUrl: () => BASE, fetch, onUnauthorized })
    await expect(Promise.all([api.get('/me'), api.get('/assets')])).rejects.toMatchObject({ status: 401 })
    expect(calls.filter((c) => path(c) === '/auth/refresh')).toHaveLength(1)
    expect(getSession()).toBeNull()
    expect(onUnauthorized).toHaveBeenCalled()
  })

  it('ends the session on 401 when there is no refresh token', async () => {
    saveSession(tokens('old', ''), true)
    const { fetch, calls } = mockFetch(() => json({ message: 'Token expired.' }, 401))
    const onUnauthorized = vi.fn()
    const api = createApiClient({ baseUrl: () => BASE, fetch, onUnauthorized })
    await expect(api.get('/me')).rejects.toMatchObject({ status: 401 })
    expect(calls).toHaveLength(1)
    expect(getSession()).toBeNull()
    expect(onUnauthorized).toHaveBeenCalledTimes(1)
  })

  it('keeps the session when the refresh cannot reach the server', async () => {
    saveSession(tokens('old'), true)
    const fetch = vi.fn(async (input: RequestInfo | URL) => {
      if (String(input).endsWith('/auth/refresh')) throw new TypeError('Failed to fetch')
      return json({ message: 'Token expired.' }, 401)
    }) as unknown as typeof globalThis.fetch
    const onUnauthorized = vi.fn()
    const api = createApiClient({ baseUrl: () => BASE, fetch, onUnauthorized })
    await expect(api.get('/me')).rejects.toMatchObject({ status: 0 })
    expect(getSession()?.accessToken).toBe('old')
    expect(onUnauthorized).not.toHaveBeenCalled()
  })

  it('refetches with If-None-Match and answers a 304 from its copy', async () => {
    saveSession(tokens('access-1'), true)
    let version = 1
    const { fetch, calls } = mockFetch((call) => {
      const tag = `W/"v${version}"`
      if (call.headers.get('If-None-Match') === tag) return new Response(null, { status: 304, headers: { ETag: tag } })
      return new Response(JSON.stringify({ items: [{ id: version }] }), {
        status: 200,
        headers: { 'Content-Type': 'application/json', ETag: tag },
      })
    })
    const api = createApiClient({ baseUrl: () => BASE, fetch })
    const first = await api.get<{ items: { id: number }[] }>('/assets', { query: { perPage: 50 } })
    expect(calls[0].headers.get('If-None-Match')).toBeNull()
    first.items.push({ id: 99 }) // a caller changing its answer does not change the kept copy
    const second = await api.get<{ items: { id: number }[] }>('/assets', { query: { perPage: 50 } })
    expect(calls[1].headers.get('If-None-Match')).toBe('W/"v1"')
    expect(second).toEqual({ items: [{ id: 1 }] })
    version = 2 // the data changed: a full answer, kept in place of the old one
    const third = await api.get<{ items: { id: number }[] }>('/assets', { query: { perPage: 50 } })
    expect(third).toEqual({ items: [{ id: 2 }] })
    await api.get('/assets', { query: { perPage: 50 } })
    expect(calls[3].headers.get('If-None-Match')).toBe('W/"v2"')
    await api.get('/assets', { query: { perPage: 25 } }) // another query: its own copy, none yet
    expect(calls[4].headers.get('If-None-Match')).toBeNull()
    expect(api.keptAnswers).toBe(2)
  })

  it('drops its copies when the session ends', async () => {
    saveSession(tokens('access-1', ''), true)
    let refuse = false
    const { fetch, calls } = mockFetch(() =>
      refuse
        ? json({ message: 'Sign in again.' }, 401)
        : new Response('{"items":[]}', { headers: { 'Content-Type': 'application/json', ETag: 'W/"a"' } }),
    )
    const api = createApiClient({ baseUrl: () => BASE, fetch })
    await api.get('/leads')
    expect(api.keptAnswers).toBe(1)
    refuse = true
    await expect(api.get('/leads')).rejects.toBeInstanceOf(ApiError)
    expect(api.keptAnswers).toBe(0)
    expect(calls[1].headers.get('If-None-Match')).toBe('W/"a"')
  })

  it('builds URLs without doubled slashes and skips empty query values', () => {
    expect(buildUrl('http://h:5000/', '/assets', { a: 1, b: undefined, c: null, d: '' })).toBe('http://h:5000/assets?a=1')
    expect(buildUrl('http://h:5000', 'me')).toBe('http://h:5000/me')
  })
})

describe('api client uploads', () => {
  const form = () => {
    const f = new FormData()
    f.append('file', new File(['%PDF'], 'a.pdf'), 'a.pdf')
    return f
  }

  it('posts the form with the token, reports the transfer and answers the parsed body', async () => {
    saveSession(tokens('tok'), true)
    FakeXhr.sent = []
    const { fetch } = mockFetch(() => json({}))
    const api = createApiClient({ baseUrl: () => BASE, fetch, xhr: FakeXhr.factory })
    const progress = vi.fn()
    const done = api.upload<{ items: unknown[] }>('/documents/upload', form(), { onProgress: progress })
    await vi.waitFor(() => expect(FakeXhr.sent).toHaveLength(1))
    const xhr = FakeXhr.sent[0]
    expect(xhr.method).toBe('POST')
    expect(xhr.url).toBe(`${BASE}/documents/upload`)
    expect(xhr.headers.Authorization).toBe('Bearer tok')
    xhr.progress(50, 100)
    expect(progress).toHaveBeenCalledWith({ loaded: 50, total: 100 })
    xhr.respond(201, { items: [{ id: 4, state: 'queued' }] })
    await expect(done).resolves.toEqual({ items: [{ id: 4, state: 'queued' }] })
  })

  it("throws the server's message for a refused file", async () => {
    saveSession(tokens('tok'), true)
    FakeXhr.sent = []
    const api = createApiClient({ baseUrl: () => BASE, fetch: mockFetch(() => json({})).fetch, xhr: FakeXhr.factory })
    const done = api.upload('/documents/upload', form())
    await vi.waitFor(() => expect(FakeXhr.sent).toHaveLength(1))
    FakeXhr.sent[0].respond(415, { message: 'Not a PDF.', errors: { 'file.0': 'x' } })
    const error = await done.catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 415, message: 'Not a PDF.' })
  })

  it('refreshes the tokens once after a 401 (the same refresh as every call) and sends again', async () => {
    saveSession(tokens('old', 'refresh-1'), true)
    FakeXhr.sent = []
    const { fetch, calls } = mockFetch((call) => (path(call) === '/auth/refresh' ? json(tokens('new', 'refresh-2')) : json({})))
    const api = createApiClient({ baseUrl: () => BASE, fetch, xhr: FakeXhr.factory })
    const done = api.upload<{ items: unknown[] }>('/documents/upload', form())
    await vi.waitFor(() => expect(FakeXhr.sent).toHaveLength(1))
    FakeXhr.sent[0].respond(401, { message: 'Expired.' })
    await vi.waitFor(() => expect(FakeXhr.sent).toHaveLength(2))
    expect(calls.filter((c) => path(c) === '/auth/refresh')).toHaveLength(1)
    expect(FakeXhr.sent[1].headers.Authorization).toBe('Bearer new')
    FakeXhr.sent[1].respond(201, { items: [] })
    await expect(done).resolves.toEqual({ items: [] })
    expect(getSession()?.accessToken).toBe('new')
  })

  it('says the transfer was cut off, and cancels on abort', async () => {
    saveSession(tokens('tok'), true)
    FakeXhr.sent = []
    const api = createApiClient({ baseUrl: () => BASE, fetch: mockFetch(() => json({})).fetch, xhr: FakeXhr.factory })
    const cut = api.upload('/documents/upload', form())
    await vi.waitFor(() => expect(FakeXhr.sent).toHaveLength(1))
    FakeXhr.sent[0].onerror?.()
    await expect(cut).rejects.toMatchObject({ status: 0, message: UPLOAD_CUT_OFF })

    const controller = new AbortController()
    const cancelled = api.upload('/documents/upload', form(), { signal: controller.signal })
    await vi.waitFor(() => expect(FakeXhr.sent).toHaveLength(2))
    controller.abort()
    await expect(cancelled).rejects.toMatchObject({ name: 'AbortError' })
  })
})

describe('api client downloads', () => {
  it('answers the file as a Blob, with the token, refreshing once on 401', async () => {
    saveSession(tokens('old', 'refresh-1'), true)
    const { fetch, calls } = mockFetch((call) => {
      if (path(call) === '/auth/refresh') return json(tokens('new', 'refresh-2'))
      if (bearer(call) === 'Bearer old') return json({ message: 'Token expired.' }, 401)
      return new Response('id,name\n1,Pump\n', { status: 200, headers: { 'Content-Type': 'text/csv' } })
    })
    const api = createApiClient({ baseUrl: () => BASE, fetch })
    const blob = await api.download('/assets/export', { query: { format: 'csv' } })
    expect(await blob.text()).toBe('id,name\n1,Pump\n')
    const files = calls.filter((c) => path(c) === '/assets/export')
    expect(files.map(bearer)).toEqual(['Bearer old', 'Bearer new'])
    expect(files[1].url).toBe(`${BASE}/assets/export?format=csv`)
    expect(calls.filter((c) => path(c) === '/auth/refresh')).toHaveLength(1)
  })

  it("throws the server's refusal as an ApiError", async () => {
    saveSession(tokens('tok'), true)
    const { fetch } = mockFetch(() => json({ message: 'No such file.' }, 404))
    const api = createApiClient({ baseUrl: () => BASE, fetch })
    await expect(api.download('/documents/9/file')).rejects.toMatchObject({ status: 404, message: 'No such file.' })
  })
})
