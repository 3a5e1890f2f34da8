import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { userAtom } from '@/lib/auth'
import { json, mockFetch, path } from '@/testing/fetch-mock'
import { renderWithProviders } from '@/testing/render'

import { NO_ROLE_MESSAGE } from '../use-login'

import { LoginForm } from './login-form'

const me = (role: string | null) => ({
  id: 7,
  username: 'alice',
  displayName: 'Alice Example',
  email: 'alice@corp.example',
  photoURL: null,
  role,
  roles: role ? [role] : [],
  shortcuts: [],
  settings: {},
  mfaEnabled: false,
})

afterEach(() => {
  vi.unstubAllGlobals()
  window.history.replaceState(null, '', '/')
  window.sessionStorage.clear()
  window.localStorage.clear()
  delete window.PORTAL_CONFIG
})

function backFromProvider(role: string | null) {
  window.PORTAL_CONFIG = { apiBase: 'http://api.test', oidcName: 'Example SSO' }
  window.sessionStorage.setItem('portal.oidc', JSON.stringify({ binding: 'b'.repeat(48), remember: false }))
  window.history.replaceState(null, '', '/login?oidc=one-time-code')
  const mock = mockFetch((call) =>
    path(call) === '/auth/oidc/exchange' ? json({ accessToken: 'access', refreshToken: 'refresh' }) : json(me(role)),
  )
  vi.stubGlobal('fetch', mock.fetch)
  return mock
}

describe('login form: company sign-in', () => {
  it('offers "Sign in with …" only when the portal has a provider', () => {
    const { unmount } = renderWithProviders(<LoginForm />)
    expect(screen.queryByTestId('login-company')).toBeNull()
    unmount()
    window.PORTAL_CONFIG = { oidcName: 'Example SSO' }
    renderWithProviders(<LoginForm />)
    expect(screen.getByRole('button', { name: 'Sign in with Example SSO' })).toBeTruthy()
    expect(screen.getByTestId('login-username')).toBeTruthy()
  })

  it('exchanges the one-time code with this tab binding and signs the user in', async () => {
    const mock = backFromProvider('manager')
    const { store } = renderWithProviders(<LoginForm />)
    await waitFor(() => expect(store.get(userAtom).role).toEqual(['manager']))
    const exchange = mock.calls.find((c) => path(c) === '/auth/oidc/exchange')
    expect(exchange?.body).toEqual({ code: 'one-time-code', binding: 'b'.repeat(48) })
    expect(window.location.search).toBe('')
    // Remember Me was off when the user left: the session lasts as long as the browser session.
    expect(window.sessionStorage.getItem('portal.session')).toContain('access')
    expect(window.localStorage.getItem('portal.session')).toBeNull()
  })

  it('gives a user without a portal group the no-role answer', async () => {
    backFromProvider(null)
    const { store } = renderWithProviders(<LoginForm />)
    expect(await screen.findByText(NO_ROLE_MESSAGE)).toBeTruthy()
    expect(store.get(userAtom).role).toEqual([])
    expect(window.sessionStorage.getItem('portal.session')).toBeNull()
  })
})
