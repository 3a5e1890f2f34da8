import { describe, expect, it } from 'vitest'

import { authRoles } from '@/lib/auth'

import { decideAccess, safeRedirectUrl } from './guard'

const at = (pathname: string, extra: { search?: string; hash?: string; state?: unknown } = {}) => ({
  pathname,
  ...extra,
})

describe('route guard decision (spec section 2)', () => {
  it('allows a staff member on a staff route', () => {
    for (const role of ['admin', 'manager', 'technician', 'contractor']) {
      expect(decideAccess({ auth: authRoles.staff, role: [role], location: at('/dashboard') })).toEqual({
        type: 'allow',
      })
    }
  })

  it('sends a guest to /login remembering the attempted path', () => {
    expect(
      decideAccess({ auth: authRoles.staff, role: [], location: at('/assets/12', { search: '?tab=docs', hash: '#top' }) }),
    ).toEqual({ type: 'redirect', to: '/login', state: { redirectUrl: '/assets/12?tab=docs#top' } })
  })

  it('treats an empty role as unauthenticated', () => {
    expect(decideAccess({ auth: authRoles.admin, role: '', location: at('/admin') })).toMatchObject({
      to: '/login',
      state: { redirectUrl: '/admin' },
    })
  })

  it('sends a signed-in user away from a guest-only page to the remembered URL', () => {
    expect(
      decideAccess({
        auth: authRoles.onlyGuest,
        role: ['technician'],
        location: at('/login', { state: { redirectUrl: '/documents?q=pump' } }),
      }),
    ).toEqual({ type: 'redirect', to: '/documents?q=pump' })
  })

  it("sends a signed-in user away from a guest-only page to '/' when nothing is remembered", () => {
    expect(decideAccess({ auth: authRoles.onlyGuest, role: ['admin'], location: at('/login') })).toEqual({
      type: 'redirect',
      to: '/',
    })
  })

  it("sends a user without the needed role to '/'", () => {
    expect(decideAccess({ auth: authRoles.admin, role: ['contractor'], location: at('/admin') })).toEqual({
      type: 'redirect',
      to: '/',
    })
  })

  it('never redirects back to the refusing page or off-site', () => {
    expect(
      decideAccess({ auth: authRoles.admin, role: ['manager'], location: at('/admin', { state: { redirectUrl: '/admin' } }) }),
    ).toEqual({ type: 'redirect', to: '/' })
    expect(
      decideAccess({
        auth: authRoles.onlyGuest,
        role: ['manager'],
        location: at('/login', { state: { redirectUrl: '//evil.example/x' } }),
      }),
    ).toEqual({ type: 'redirect', to: '/' })
  })

  it('lets everyone through routes open to all', () => {
    expect(decideAccess({ auth: null, role: [], location: at('/pages/errors/error-404') }).type).toBe('allow')
    expect(decideAccess({ auth: null, role: ['admin'], location: at('/logout') }).type).toBe('allow')
  })

  it('accepts only same-app redirect URLs', () => {
    expect(safeRedirectUrl('/leads/3')).toBe('/leads/3')
    expect(safeRedirectUrl('https://evil.example')).toBeNull()
    expect(safeRedirectUrl('//evil.example')).toBeNull()
    expect(safeRedirectUrl(42)).toBeNull()
  })
})
