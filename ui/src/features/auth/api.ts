import { api, ApiError } from '@/data/client'
import type { Me } from '@/lib/auth'
import { toSession, type Session } from '@/lib/session'

export const CHALLENGES = ['NEW_PASSWORD_REQUIRED', 'SOFTWARE_TOKEN_MFA'] as const
export type ChallengeName = (typeof CHALLENGES)[number]

export type AuthResult =
  | { kind: 'tokens'; tokens: Session }
  | { kind: 'challenge'; challenge: ChallengeName; session: string }

/** Reads the answer of /auth/sign-in and /auth/challenge: tokens or a challenge. */
export function toAuthResult(body: unknown): AuthResult {
  if (typeof body === 'object' && body !== null && 'challenge' in body) {
    const { challenge, session } = body as { challenge: unknown; session: unknown }
    if (typeof session !== 'string' || session === '') {
      throw new ApiError(500, 'The sign-in service sent a challenge without a session.', {}, body)
    }
    if (!(CHALLENGES as readonly unknown[]).includes(challenge)) {
      throw new ApiError(500, `This sign-in step is not supported: ${String(challenge)}.`, {}, body)
    }
    return { kind: 'challenge', challenge: challenge as ChallengeName, session }
  }
  const tokens = toSession(body)
  if (!tokens) throw new ApiError(500, 'The sign-in service sent an answer that could not be read.', {}, body)
  return { kind: 'tokens', tokens }
}

export async function signIn(username: string, password: string): Promise<AuthResult> {
  const body = await api.post<unknown>('/auth/sign-in', { username, password }, { auth: false })
  return toAuthResult(body)
}

export async function completeNewPassword(session: string, newPassword: string): Promise<AuthResult> {
  const body = await api.post<unknown>('/auth/challenge', { session, newPassword }, { auth: false })
  return toAuthResult(body)
}

export async function verifyCode(session: string, code: string): Promise<AuthResult> {
  const body = await api.post<unknown>('/auth/challenge', { session, code }, { auth: false })
  return toAuthResult(body)
}

/** Ends this session, or with ``everywhere`` every session of the user (their other devices too). */
export async function signOut(signal?: AbortSignal, everywhere = false): Promise<void> {
  await api.post<unknown>(everywhere ? '/auth/sign-out-everywhere' : '/auth/sign-out', undefined, { signal })
}

export function fetchMe(signal?: AbortSignal): Promise<Me> {
  return api.get<Me>('/me', { signal })
}
