import { api } from '@/data/client'

/** POST /auth/forgot-password: the same answer whether or not an account matched. */
export function requestPasswordReset(email: string): Promise<{ message: string }> {
  return api.post('/auth/forgot-password', { email }, { auth: false })
}

/** POST /auth/reset-password: a new password with the token from the e-mailed link. */
export function resetPassword(token: string, newPassword: string): Promise<{ message: string; sessionsEnded: number }> {
  return api.post('/auth/reset-password', { token, newPassword }, { auth: false })
}

/** POST /auth/unlock: the signed-in user's password, to leave the lock screen. */
export function unlock(password: string): Promise<{ message: string }> {
  return api.post('/auth/unlock', { password })
}
