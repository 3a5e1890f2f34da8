import { screen } from '@testing-library/react'
import { createStore } from 'jotai'
import { describe, expect, it, vi } from 'vitest'

import { authCheckedAtom, userAtom } from '@/lib/auth'
import { clearSession, getSession, loadProfile, saveSession } from '@/lib/session'
import { json, mockFetch, path } from '@/testing/fetch-mock'
import { renderWithProviders } from '@/testing/render'

import { AuthBootstrap } from './auth-bootstrap'

const TOKENS = {
  accessToken: 'access-1',
  idToken: 'id-1',
  refreshToken: 'refresh-1',
  tokenType: 'Bearer',
  issuedAt: '2026-01-01T10:00:00.000Z',
  expiresIn: 3600,
  refreshExpiresIn: 86400,
}

describe('startup session check', () => {
  it('shows the splash while /me runs, then the app with the user', async () => {
    saveSession(TOKENS, true)
    const { fetch } = mockFetch(() =>
      json({ id: 1, username: 'tech', displayName: 'Tess', email: '', photoURL: null, role: 'technician', roles: ['technician'], shortcuts: [], settings: {}, mfaEnabled: false }),
    )
    vi.stubGlobal('fetch', fetch)
    const store = createStore()
    renderWithProviders(<AuthBootstrap>app ready</AuthBootstrap>, store)
    expect(screen.getByTestId('splash-screen')).toBeInTheDocument()
    expect(await screen.findByText('app ready')).toBeInTheDocument()
    expect(store.get(userAtom).role).toEqual(['technician'])
  })

  it('treats a failed check as signed out', async () => {
    saveSession(TOKENS, true)
    const { fetch, calls } = mockFetch((call) =>
      path(call) === '/auth/refresh' ? json({ message: 'Expired.' }, 401) : json({ message: 'Expired.' }, 401),
    )
    vi.stubGlobal('fetch', fetch)
    const store = createStore()
    renderWithProviders(<AuthBootstrap>app ready</AuthBootstrap>, store)
    expect(await screen.findByText('app ready')).toBeInTheDocument()
    expect(store.get(userAtom).role).toEqual([])
    expect(store.get(authCheckedAtom)).toBe(true)
    expect(calls.map(path)).toEqual(['/me', '/auth/refresh'])
    expect(getSession()).toBeNull()
  })

  it('opens offline with the last profile when the server cannot be reached', async () => {
    saveSession(TOKENS, true)
    const me = { id: 7, username: 'tech', displayName: 'Tess', email: '', photoURL: null, role: 'technician', roles: ['technician'], shortcuts: [], settings: {}, mfaEnabled: false }
    vi.stubGlobal('fetch', mockFetch(() => json(me)).fetch)
    renderWithProviders(<AuthBootstrap>first start</AuthBootstrap>, createStore())
    expect(await screen.findByText('first start')).toBeInTheDocument()
    expect(loadProfile()).toEqual(me)
    // The next start has no network: the session is kept and the user is the one last seen.
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))))
    const store = createStore()
    renderWithProviders(<AuthBootstrap>offline start</AuthBootstrap>, store)
    expect(await screen.findByText('offline start')).toBeInTheDocument()
    expect(store.get(userAtom).data?.displayName).toBe('Tess')
    expect(getSession()).not.toBeNull()
    clearSession() // signing out forgets the profile too
    expect(loadProfile()).toBeNull()
  })

  it('skips the check when there is no session', async () => {
    const fetch = vi.fn()
    vi.stubGlobal('fetch', fetch)
    renderWithProviders(<AuthBootstrap>app ready</AuthBootstrap>)
    expect(await screen.findByText('app ready')).toBeInTheDocument()
    expect(fetch).not.toHaveBeenCalled()
  })
})
