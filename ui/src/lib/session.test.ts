import { describe, expect, it } from 'vitest'

import { clearSession, getSession, loadSession, saveSession, SESSION_KEY, updateSession, type Session } from './session'

const session = (accessToken = 'access-1', refreshToken = 'refresh-1'): Session => ({
  accessToken,
  idToken: 'id-1',
  refreshToken,
  tokenType: 'Bearer',
  issuedAt: '2026-01-01T10:00:00.000Z',
  expiresIn: 3600,
  refreshExpiresIn: 86400,
})

describe('session storage', () => {
  it('keeps the session in localStorage when Remember Me is on', () => {
    saveSession(session(), true)
    expect(JSON.parse(localStorage.getItem(SESSION_KEY)!)).toEqual(session())
    expect(sessionStorage.getItem(SESSION_KEY)).toBeNull()
    expect(loadSession()).toEqual({ session: session(), remember: true })
  })

  it('keeps the session in sessionStorage when Remember Me is off', () => {
    saveSession(session(), false)
    expect(JSON.parse(sessionStorage.getItem(SESSION_KEY)!)).toEqual(session())
    expect(localStorage.getItem(SESSION_KEY)).toBeNull()
    expect(loadSession()).toEqual({ session: session(), remember: false })
  })

  it('uses one key and moves the session when the choice changes', () => {
    saveSession(session('a'), true)
    saveSession(session('b'), false)
    expect(localStorage.getItem(SESSION_KEY)).toBeNull()
    expect(getSession()?.accessToken).toBe('b')
  })

  it('logout clears both storages', () => {
    localStorage.setItem(SESSION_KEY, JSON.stringify(session('a')))
    sessionStorage.setItem(SESSION_KEY, JSON.stringify(session('b')))
    clearSession()
    expect(localStorage.getItem(SESSION_KEY)).toBeNull()
    expect(sessionStorage.getItem(SESSION_KEY)).toBeNull()
    expect(loadSession()).toBeNull()
  })

  it('ignores corrupt or foreign values', () => {
    localStorage.setItem(SESSION_KEY, '{not json')
    expect(loadSession()).toBeNull()
    localStorage.setItem(SESSION_KEY, JSON.stringify({ hello: 'world' }))
    expect(loadSession()).toBeNull()
  })

  it('a refresh keeps the chosen storage and the refresh token when none is returned', () => {
    saveSession(session('old', 'r-keep'), false)
    expect(updateSession({ ...session('new'), refreshToken: '' })).toBe(true)
    expect(localStorage.getItem(SESSION_KEY)).toBeNull()
    expect(getSession()).toMatchObject({ accessToken: 'new', refreshToken: 'r-keep' })
  })

  it('a refresh does not resurrect a session that was cleared meanwhile', () => {
    expect(updateSession(session('new'))).toBe(false)
    expect(loadSession()).toBeNull()
  })
})
