import { vi } from 'vitest'

export interface Call {
  method: string
  url: string
  headers: Headers
  body: unknown
}

export type Handler = (call: Call) => Response | Promise<Response>

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
}

/** A fetch stand-in that records calls and answers with `handler`. */
export function mockFetch(handler: Handler) {
  const calls: Call[] = []
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const call: Call = {
      method: (init.method ?? 'GET').toUpperCase(),
      url: String(input),
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
    }
    calls.push(call)
    return handler(call)
  })
  return { fetch: fn as unknown as typeof fetch, calls }
}

export function path(call: Call): string {
  return new URL(call.url).pathname
}
