import { api } from '@/data/client'

/**
 * Answers fetched ahead of the page that reads them: the sign-in flow asks for the dashboard's
 * summary the moment the tokens arrive, while the dashboard's code is still downloading, and the
 * dashboard takes that answer instead of asking again. Each answer is taken once and only while
 * fresh; every sign-in asks anew, so nothing of an earlier session is ever read.
 */
const MAX_AGE_MS = 10_000

const ahead = new Map<string, { at: number; answer: Promise<unknown> }>()

export function prefetch(path: string): void {
  const answer = api.get<unknown>(path)
  answer.catch(() => undefined) // the page that takes it reports a failure (or asks again)
  ahead.set(path, { at: Date.now(), answer })
}

/** The answer fetched ahead for `path` if there is a fresh one (then forgotten); else null. */
export function takePrefetched(path: string): Promise<unknown> | null {
  const hit = ahead.get(path)
  ahead.delete(path)
  return hit && Date.now() - hit.at <= MAX_AGE_MS ? hit.answer : null
}
