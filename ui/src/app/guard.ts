import { hasPermission, isAuthenticated, type AuthSetting } from '@/lib/auth'

export const LOGIN_PATH = '/login'
export const HOME_PATH = '/'

/** Kept in the router's location state when a guest is sent to /login. */
export interface RedirectState {
  redirectUrl?: string
}

export type GuardDecision =
  | { type: 'allow' }
  | { type: 'redirect'; to: string; state?: RedirectState }

export interface GuardInput {
  auth: AuthSetting | undefined
  role: readonly string[] | string | null | undefined
  location: { pathname: string; search?: string; hash?: string; state?: unknown }
}

/** Only same-app paths are followed ('/x', never '//host' or 'https://...'). */
export function safeRedirectUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null
  return value
}

function redirectUrlFrom(state: unknown): string | null {
  if (typeof state !== 'object' || state === null) return null
  return safeRedirectUrl((state as RedirectState).redirectUrl)
}

/**
 * Spec section 2, "Route guard": compare the route's auth with the user's role.
 * - allowed: render the page;
 * - denied and the user has a role: go to the redirect URL kept in location state, or '/';
 * - denied and no role (unauthenticated): go to /login remembering the attempted path.
 */
export function decideAccess({ auth, role, location }: GuardInput): GuardDecision {
  if (hasPermission(auth, role)) return { type: 'allow' }
  if (isAuthenticated(role)) {
    const target = redirectUrlFrom(location.state)
    const here = location.pathname
    // Never bounce back to the page that just refused the user.
    const to = target && target.split(/[?#]/)[0] !== here ? target : HOME_PATH
    return { type: 'redirect', to }
  }
  const attempted = `${location.pathname}${location.search ?? ''}${location.hash ?? ''}`
  return { type: 'redirect', to: LOGIN_PATH, state: { redirectUrl: attempted } }
}
