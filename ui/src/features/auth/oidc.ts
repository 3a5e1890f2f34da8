/*
 * Company sign-in (OpenID Connect; the API's app/auth/oidc.py). "Sign in with …" opens the API's
 * /auth/oidc/start as a page with a random binding this tab keeps; the provider sends the browser
 * back to /login?oidc=<one-time code>, which only this tab can exchange (with its binding) for the
 * portal's tokens. Refusals come back as /login?oidc_error=<reason>, one of a closed list.
 */
import { api, buildUrl } from '@/data/client'
import { getConfig } from '@/lib/config'

import { toAuthResult, type AuthResult } from './api'

const PENDING_KEY = 'portal.oidc'

interface Pending {
  binding: string
  remember: boolean
}

/** What the login page says for each refusal the API names. */
export const OIDC_ERRORS: Record<string, string> = {
  denied: 'Sign-in was cancelled at your company sign-in. Try again, or ask your administrator for access.',
  expired: 'Your company sign-in took too long or was started in another browser tab. Try again.',
  invalid:
    'Your company sign-in could not be verified, so you were not signed in. Try again; if it keeps happening, tell your administrator.',
  unavailable: 'Your company sign-in service cannot be reached right now. Try again in a few minutes.',
  disabled: 'This account is disabled. Ask an administrator to enable it.',
  'email-taken':
    'A portal account already uses your e-mail address. Ask an administrator to sign you in with that account.',
}

function randomBinding(): string {
  const bytes = new Uint8Array(24)
  crypto.getRandomValues(bytes)
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}

/** The address of the API's first step, remembering this tab's binding and its Remember Me choice. */
export function companySignInUrl(remember: boolean): string {
  const binding = randomBinding()
  try {
    window.sessionStorage.setItem(PENDING_KEY, JSON.stringify({ binding, remember } satisfies Pending))
  } catch {
    // storage off: the exchange will be refused and the page says so
  }
  return buildUrl(getConfig().apiBase, '/auth/oidc/start', { binding })
}

function takePending(): Pending | null {
  try {
    const raw = window.sessionStorage.getItem(PENDING_KEY)
    window.sessionStorage.removeItem(PENDING_KEY)
    const value = raw ? (JSON.parse(raw) as Partial<Pending>) : null
    return value && typeof value.binding === 'string' ? { binding: value.binding, remember: value.remember !== false } : null
  } catch {
    return null
  }
}

export type CompanyReturn =
  | { kind: 'code'; code: string }
  | { kind: 'error'; message: string }
  | null

/** Reads (and removes from the address bar) what the provider's return left in the query. */
export function takeCompanyReturn(): CompanyReturn {
  const url = new URL(window.location.href)
  const code = url.searchParams.get('oidc')
  const reason = url.searchParams.get('oidc_error')
  if (code === null && reason === null) return null
  url.searchParams.delete('oidc')
  url.searchParams.delete('oidc_error')
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash)
  if (code) return { kind: 'code', code }
  return { kind: 'error', message: OIDC_ERRORS[reason ?? ''] ?? OIDC_ERRORS.invalid }
}

/** The portal's tokens for the one-time code, and the Remember Me choice made before leaving. */
export async function exchangeCompanyCode(code: string): Promise<{ result: AuthResult; remember: boolean }> {
  const pending = takePending()
  const body = await api.post<unknown>(
    '/auth/oidc/exchange',
    { code, binding: pending?.binding ?? 'missing-binding-of-this-tab' },
    { auth: false },
  )
  return { result: toAuthResult(body), remember: pending?.remember ?? true }
}
