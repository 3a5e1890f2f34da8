import { api, buildUrl, type Query } from '@/data/client'

/**
 * Answers fetched ahead of the page that reads them: the sign-in flow asks for the dashboard's
 * calls (summary, option lists, the first page of inspections) the moment the tokens arrive, while
 * the dashboard's code is still downloading, and the dashboard takes those answers instead of
 * asking again. Each answer is taken once and only while fresh; every sign-in asks anew, so
 * nothing of an earlier session is ever read.
 */
const MAX_AGE_MS = 10_000

const ahead = new Map<string, { at: number; answer: Promise<unknown> }>()

/** The same path and query (in the client's own encoding) is the same answer. */
const keyOf = (path: string, query?: Query): string => buildUrl('', path, query)

export function prefetch(path: string, query?: Query): void {
  const answer = api.get<unknown>(path, { query })
  answer.catch(() => undefined) // the page that takes it reports a failure (or asks again)
  ahead.set(keyOf(path, query), { at: Date.now(), answer })
}

/** The answer fetched ahead for `path` (and `query`) if there is a fresh one (then forgotten); else null. */
export function takePrefetched(path: string, query?: Query): Promise<unknown> | null {
  const key = keyOf(path, query)
  const hit = ahead.get(key)
  ahead.delete(key)
  return hit && Date.now() - hit.at <= MAX_AGE_MS ? hit.answer : null
}
