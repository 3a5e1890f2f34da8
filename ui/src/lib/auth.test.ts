import { describe, expect, it } from 'vitest'

import { authRoles, guestUser, hasPermission, isAuthenticated, toUser, type MeLike } from './auth'

const me = (overrides: Partial<MeLike> = {}): MeLike => ({
  id: 7,
  username: 'jdoe',
  displayName: 'Jane Doe',
  email: 'jane@example.com',
  photoURL: null,
  role: 'manager',
  roles: ['manager'],
  shortcuts: [],
  settings: {},
  mfaEnabled: false,
  ...overrides,
})

describe('role hierarchy (spec section 6)', () => {
  const table: [keyof typeof authRoles, string[]][] = [
    ['admin', ['admin']],
    ['manager', ['admin', 'manager']],
    ['technician', ['admin', 'manager', 'technician']],
    ['contractor', ['admin', 'manager', 'technician', 'contractor']],
    ['staff', ['admin', 'manager', 'technician', 'contractor']],
  ]

  it.each(table)('%s routes admit exactly %j', (setting, admitted) => {
    for (const role of ['admin', 'manager', 'technician', 'contractor']) {
      expect(hasPermission(authRoles[setting], [role])).toBe(admitted.includes(role))
      expect(hasPermission(authRoles[setting], role)).toBe(admitted.includes(role))
    }
  })

  it('denies role-protected routes to guests', () => {
    expect(hasPermission(authRoles.contractor, [])).toBe(false)
    expect(hasPermission(authRoles.contractor, '')).toBe(false)
    expect(hasPermission(authRoles.contractor, null)).toBe(false)
    expect(hasPermission(authRoles.admin, ['guest'])).toBe(false)
  })

  it('guest-only routes admit only unauthenticated users', () => {
    expect(hasPermission(authRoles.onlyGuest, [])).toBe(true)
    expect(hasPermission(authRoles.onlyGuest, '')).toBe(true)
    expect(hasPermission(authRoles.onlyGuest, [''])).toBe(true)
    expect(hasPermission(authRoles.onlyGuest, undefined)).toBe(true)
    expect(hasPermission(authRoles.onlyGuest, ['contractor'])).toBe(false)
    expect(hasPermission(authRoles.onlyGuest, 'admin')).toBe(false)
  })

  it('null auth admits everyone', () => {
    expect(hasPermission(null, [])).toBe(true)
    expect(hasPermission(null, ['admin'])).toBe(true)
    expect(hasPermission(undefined, 'technician')).toBe(true)
  })

  it('no role or an empty role is unauthenticated', () => {
    expect(isAuthenticated([])).toBe(false)
    expect(isAuthenticated('')).toBe(false)
    expect(isAuthenticated([''])).toBe(false)
    expect(isAuthenticated(null)).toBe(false)
    expect(isAuthenticated(['technician'])).toBe(true)
  })
})

describe('toUser', () => {
  it('takes the first role as the session role', () => {
    const user = toUser(me({ role: 'technician', roles: ['technician', 'contractor'] }))
    expect(user.role).toEqual(['technician'])
    expect(user.roles).toEqual(['technician', 'contractor'])
    expect(user.data?.displayName).toBe('Jane Doe')
  })

  it('normalises case and ignores unknown roles', () => {
    expect(toUser(me({ role: 'Admin', roles: ['Admin'] })).role).toEqual(['admin'])
    expect(toUser(me({ role: 'viewer', roles: ['viewer', 'contractor'] })).role).toEqual(['contractor'])
  })

  it('is a guest when there is no portal role', () => {
    expect(toUser(me({ role: null, roles: [] }))).toEqual(guestUser)
    expect(toUser(me({ role: '', roles: ['guest'] }))).toEqual(guestUser)
  })

  it('falls back to the username when there is no display name', () => {
    expect(toUser(me({ displayName: '' })).data?.displayName).toBe('jdoe')
  })
})
