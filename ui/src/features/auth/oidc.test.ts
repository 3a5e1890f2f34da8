import { afterEach, describe, expect, it } from 'vitest'

import { companySignInUrl, OIDC_ERRORS, takeCompanyReturn } from './oidc'

afterEach(() => {
  window.history.replaceState(null, '', '/login')
  window.sessionStorage.clear()
  delete window.PORTAL_CONFIG
})

describe('company sign-in (OpenID Connect)', () => {
  it('starts at the API with a fresh binding kept by this tab', () => {
    window.PORTAL_CONFIG = { apiBase: 'https://api.example.com/' }
    const first = new URL(companySignInUrl(false))
    expect(first.origin + first.pathname).toBe('https://api.example.com/auth/oidc/start')
    const binding = first.searchParams.get('binding') ?? ''
    expect(binding).toMatch(/^[0-9a-f]{48}$/)
    expect(JSON.parse(window.sessionStorage.getItem('portal.oidc') ?? '{}')).toEqual({ binding, remember: false })
    expect(new URL(companySignInUrl(true)).searchParams.get('binding')).not.toBe(binding)
  })

  it('takes the one-time code out of the address bar', () => {
    window.history.replaceState(null, '', '/login?oidc=abc123&x=1')
    expect(takeCompanyReturn()).toEqual({ kind: 'code', code: 'abc123' })
    expect(window.location.search).toBe('?x=1')
    expect(takeCompanyReturn()).toBeNull()
  })

  it('says why a sign-in was refused, and never shows text from the address', () => {
    window.history.replaceState(null, '', '/login?oidc_error=expired')
    expect(takeCompanyReturn()).toEqual({ kind: 'error', message: OIDC_ERRORS.expired })
    window.history.replaceState(null, '', '/login?oidc_error=Call%20555-0100%20now')
    expect(takeCompanyReturn()).toEqual({ kind: 'error', message: OIDC_ERRORS.invalid })
    expect(window.location.search).toBe('')
  })
})
