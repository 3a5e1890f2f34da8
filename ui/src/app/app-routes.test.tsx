import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createStore } from 'jotai'
import { describe, expect, it, vi } from 'vitest'

import { toUser, userAtom, type Me } from '@/lib/auth'
import { getSession, loadSession, saveSession, SESSION_KEY } from '@/lib/session'
import { json, mockFetch, path, type Call } from '@/testing/fetch-mock'
import { renderRoutes } from '@/testing/render'

import { createRouteObjects } from './router'

const ME: Me = {
  id: 1,
  username: 'mgr',
  displayName: 'Morgan Grey',
  email: 'morgan@example.com',
  photoURL: null,
  role: 'manager',
  roles: ['manager'],
  shortcuts: [],
  settings: {},
  mfaEnabled: false,
}

const TOKENS = {
  accessToken: 'access-1',
  idToken: 'id-1',
  refreshToken: 'refresh-1',
  tokenType: 'Bearer',
  issuedAt: '2026-01-01T10:00:00.000Z',
  expiresIn: 3600,
  refreshExpiresIn: 86400,
}

const OPTIONS = {
  statuses: [
    { value: 'GREAT', label: 'Great', color: 'white' },
    { value: 'GOOD', label: 'Good', color: 'green' },
    { value: 'BAD', label: 'Bad', color: 'orange' },
    { value: 'POOR', label: 'Poor', color: 'darkred' },
  ],
  risks: [],
  departments: [],
  stages: [],
  documentStates: [],
  assetCategories: [],
}

const meta = (id: number) => ({
  id,
  version: 1,
  createdAt: '2026-01-01T10:00:00Z',
  updatedAt: '2026-01-01T10:00:00Z',
  createdBy: null,
  updatedBy: null,
})
const STATUS_COUNTS: [string, number][] = [['GREAT', 4], ['GOOD', 10], ['BAD', 3], ['POOR', 1]]
const ASSETS = STATUS_COUNTS.flatMap(([status, n]) => Array.from({ length: n }, () => status)).map((status, i) => ({
  ...meta(i + 1),
  tag: `AST-${i + 1}`,
  name: 'Scope',
  status,
  risk: 'L',
  nextInspection: null,
}))
const LEADS = Array.from({ length: 7 }, (_, i) => ({ ...meta(i + 1), title: `Lead ${i}`, stage: 'new', estimatedValue: 1000, probability: 10 }))
const DOCUMENTS = Array.from({ length: 42 }, (_, i) => ({ ...meta(i + 1), title: `Doc ${i}`, state: 'ready' }))

/** GET /dashboard/summary for the lists above. */
const SUMMARY = {
  assets: {
    total: ASSETS.length,
    byStatus: STATUS_COUNTS.map(([value, count]) => ({ value, count })),
    byRisk: [{ value: 'L', count: ASSETS.length }],
    inspectionOverdue: 0,
    inspectionDueSoon: 0,
    inspectionHorizonDays: 30,
  },
  leads: { byStage: [{ stage: 'new', count: LEADS.length, total: 7000, weighted: 700 }], open: LEADS.length, pipelineValue: 7000, weightedValue: 700 },
  documents: { byState: [{ value: 'ready', count: DOCUMENTS.length }] },
  recent: [],
}

/** GET /{resource} answered from a list: filters by status, pages by page/perPage. */
function page(items: readonly object[], url: URL) {
  const status = url.searchParams.get('status')
  const matching = status ? items.filter((i) => (i as { status?: string }).status === status) : items
  const perPage = Number(url.searchParams.get('perPage') ?? 25)
  const p = Number(url.searchParams.get('page') ?? 1)
  return { items: matching.slice((p - 1) * perPage, p * perPage), total: matching.length, page: p, perPage }
}

/** A small fake of the API. */
function fakeApi(overrides: (call: Call) => Response | undefined = () => undefined) {
  return mockFetch((call) => {
    const custom = overrides(call)
    if (custom) return custom
    const url = new URL(call.url)
    switch (url.pathname) {
      case '/me':
        return json(ME)
      case '/options':
        return json(OPTIONS)
      case '/auth/sign-out':
        return json({ message: 'Signed out.' })
      case '/assets':
        return json(page(ASSETS, url))
      case '/leads':
        return json(page(LEADS, url))
      case '/documents':
        return json(page(DOCUMENTS, url))
      case '/dashboard/summary':
        return json(SUMMARY)
      default:
        return json({ message: 'Not found.' }, 404)
    }
  })
}

function setup(initial: string, fetch: typeof globalThis.fetch, signedIn = false) {
  vi.stubGlobal('fetch', fetch)
  const store = createStore()
  if (signedIn) {
    saveSession(TOKENS, true)
    store.set(userAtom, toUser(ME))
  }
  return { user: userEvent.setup(), ...renderRoutes(createRouteObjects(), [initial], store) }
}

describe('routes', () => {
  it("redirects '/' to /dashboard and a guest on to /login", async () => {
    const { fetch } = fakeApi()
    const { router } = setup('/', fetch)
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
    expect(router.state.location.state).toEqual({ redirectUrl: '/dashboard' })
  })

  it('sends unknown paths to the 404 page, open to guests', async () => {
    const { fetch } = fakeApi()
    const { router } = setup('/no/such/page', fetch)
    expect(
      await screen.findByRole('heading', { name: 'Sorry but we could not find the page you are looking for' }),
    ).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/pages/errors/error-404')
    expect(screen.getByRole('link', { name: /Back to Dashboard/ })).toHaveAttribute('href', '/dashboard')
  })

  it('opens a sample page once the sample routes arrive (they are not in the start chunk)', async () => {
    const { fetch } = fakeApi()
    const { router } = setup('/ui/typography', fetch, true)
    expect(await screen.findByRole('heading', { name: 'Typography', level: 1 }, { timeout: 15_000 })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/ui/typography')
  })

  it('sends a guest on a sample page to /login, remembering it', async () => {
    const { fetch } = fakeApi()
    const { router } = setup('/ui/typography', fetch)
    expect(await screen.findByRole('heading', { name: 'Sign in' }, { timeout: 15_000 })).toBeInTheDocument()
    expect(router.state.location.state).toEqual({ redirectUrl: '/ui/typography' })
  })

  it('keeps a signed-in user away from /login', async () => {
    const { fetch } = fakeApi()
    const { router } = setup('/login', fetch, true)
    expect(await screen.findByTestId('dashboard-greeting')).toHaveTextContent('Morgan Grey')
    expect(router.state.location.pathname).toBe('/dashboard')
  })
})

describe('login screen', () => {
  it('enables LOGIN only with username and password, and shows the server message in an alert', async () => {
    const { fetch } = fakeApi((call) =>
      path(call) === '/auth/sign-in' ? json({ message: 'Incorrect username or password.' }, 401) : undefined,
    )
    const { user } = setup('/login', fetch)
    const login = await screen.findByRole('button', { name: 'LOGIN' })
    expect(login).toBeDisabled()
    expect(screen.getByLabelText('Remember Me')).toBeChecked()
    await user.type(screen.getByLabelText('Username'), 'mgr')
    expect(login).toBeDisabled()
    await user.type(screen.getByLabelText('Password'), 'wrong-password')
    expect(login).toBeEnabled()
    await user.click(login)
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect username or password.')
    expect(getSession()).toBeNull()
  })

  it('signs in without Remember Me into sessionStorage and returns to the remembered page', async () => {
    const { fetch, calls } = fakeApi((call) => (path(call) === '/auth/sign-in' ? json(TOKENS) : undefined))
    const { user, router } = setup('/dashboard', fetch)
    await user.type(await screen.findByLabelText('Username'), ' mgr ')
    await user.type(screen.getByLabelText('Password'), 'correct horse')
    await user.click(screen.getByLabelText('Remember Me'))
    expect(screen.getByLabelText('Remember Me')).not.toBeChecked()
    await user.click(screen.getByRole('button', { name: 'LOGIN' }))

    expect(await screen.findByTestId('dashboard-greeting')).toHaveTextContent('Morgan Grey')
    expect(router.state.location.pathname).toBe('/dashboard')
    expect(calls.find((c) => path(c) === '/auth/sign-in')?.body).toEqual({ username: 'mgr', password: 'correct horse' })
    expect(localStorage.getItem(SESSION_KEY)).toBeNull()
    expect(loadSession()).toMatchObject({ remember: false, session: { accessToken: 'access-1' } })
    expect(calls.find((c) => path(c) === '/me')?.headers.get('Authorization')).toBe('Bearer access-1')
    // Dashboard figures come from the API.
    expect(await screen.findByTestId('stat-documents-value')).toHaveTextContent('42')
    expect(screen.getByTestId('stat-assets-value')).toHaveTextContent('18')
    expect(screen.getByTestId('stat-leads-value')).toHaveTextContent('7')
    expect(await screen.findByTestId('asset-status-GOOD-count')).toHaveTextContent('10')
    expect(screen.getByTestId('asset-status-POOR-count')).toHaveTextContent('1')
  })

  it('walks through the new-password and code steps', async () => {
    const { fetch, calls } = fakeApi((call) => {
      if (path(call) === '/auth/sign-in') return json({ challenge: 'NEW_PASSWORD_REQUIRED', session: 's1' })
      if (path(call) === '/auth/challenge') {
        const body = call.body as { session: string; newPassword?: string; code?: string }
        if (body.newPassword === 'password') {
          return json({ message: 'This password is too common. Choose a less common password.' }, 422)
        }
        if (body.newPassword) return json({ challenge: 'SOFTWARE_TOKEN_MFA', session: 's2' })
        if (body.code === '000000') return json({ message: 'Invalid code.' }, 401)
        return json(TOKENS)
      }
      return undefined
    })
    const { user, router } = setup('/login', fetch)
    await user.type(await screen.findByLabelText('Username'), 'newbie')
    await user.type(screen.getByLabelText('Password'), 'temporary1')
    await user.click(screen.getByRole('button', { name: 'LOGIN' }))

    expect(await screen.findByRole('heading', { name: 'SECURE YOUR ACCOUNT' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Choose a new password' })).toBeInTheDocument()
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument()
    const login = screen.getByRole('button', { name: 'LOGIN' })
    await user.type(screen.getByLabelText('New Password'), 'passwor')
    expect(login).toBeDisabled()
    await user.type(screen.getByLabelText('New Password'), 'd')
    expect(login).toBeEnabled()
    await user.click(login)
    expect(await screen.findByRole('alert')).toHaveTextContent('This password is too common.')

    await user.clear(screen.getByLabelText('New Password'))
    await user.type(screen.getByLabelText('New Password'), 'a much better one')
    await user.click(screen.getByRole('button', { name: 'LOGIN' }))

    const code = await screen.findByLabelText('Code')
    expect(screen.getByText('Your new password is saved.')).toBeInTheDocument()
    await user.type(code, '00a0000')
    expect(code).toHaveValue('000000')
    await user.click(screen.getByRole('button', { name: 'LOGIN' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid code.')

    await user.clear(code)
    await user.type(code, '123456')
    await user.click(screen.getByRole('button', { name: 'LOGIN' }))
    expect(await screen.findByTestId('dashboard-page')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/dashboard')
    const challenges = calls.filter((c) => path(c) === '/auth/challenge').map((c) => c.body)
    expect(challenges).toContainEqual({ session: 's1', newPassword: 'a much better one' })
    expect(challenges).toContainEqual({ session: 's2', code: '123456' })
    expect(loadSession()?.remember).toBe(true)
  })
})

describe('logout', () => {
  it("signs out, clears the session, resets the user and ends at /login", async () => {
    const signOut = vi.fn()
    const { fetch } = fakeApi((call) => {
      if (path(call) === '/auth/sign-out') {
        signOut(call.headers.get('Authorization'))
        return json({ message: 'Signed out.' })
      }
      return undefined
    })
    const { router, store } = setup('/logout', fetch, true)
    expect(await screen.findByText('Logging out..')).toBeInTheDocument()
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(signOut).toHaveBeenCalledWith('Bearer access-1')
    expect(getSession()).toBeNull()
    expect(store.get(userAtom).role).toEqual([])
  })
})
