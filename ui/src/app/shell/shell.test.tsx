import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createStore } from 'jotai'
import { describe, expect, it, vi } from 'vitest'

import { toUser, userAtom, type Me } from '@/lib/auth'
import { settingsAtom } from '@/data/settings'
import { saveSession } from '@/lib/session'
import { json, mockFetch, path } from '@/testing/fetch-mock'
import { renderRoutes } from '@/testing/render'

import { createRouteObjects } from '../router'

const ME: Me = {
  id: 5,
  username: 'tech',
  displayName: 'Tess Tech',
  email: 'tess@example.com',
  photoURL: null,
  role: 'technician',
  roles: ['technician'],
  shortcuts: ['documents'],
  settings: { layout: { style: 'layout1', config: { navbar: { folded: true } } }, theme: { navbar: 'midnight' } },
  mfaEnabled: false,
}

function setup() {
  const { fetch, calls } = mockFetch((call) => {
    if (path(call) === '/me' && call.method === 'PATCH') return json({ ...ME, ...(call.body as object) })
    if (path(call) === '/options') return json({ statuses: [], risks: [], departments: [], stages: [], documentStates: [], assetCategories: [], roles: [] })
    return json({ items: [], total: 0, page: 1, perPage: 100 })
  })
  vi.stubGlobal('fetch', fetch)
  saveSession(
    { accessToken: 'a', idToken: 'i', refreshToken: 'r', tokenType: 'Bearer', issuedAt: '2026-01-01T00:00:00Z', expiresIn: 3600, refreshExpiresIn: 86400 },
    true,
  )
  const store = createStore()
  store.set(userAtom, toUser(ME))
  const rendered = renderRoutes(createRouteObjects(), ['/dashboard'], store)
  return { user: userEvent.setup(), calls, ...rendered }
}

describe('shell', () => {
  it("loads the user's saved settings and keeps a logout link on the dashboard", async () => {
    const { store } = setup()
    expect(await screen.findByTestId('dashboard-greeting', {}, { timeout: 20_000 })).toHaveTextContent('Tess Tech')
    expect(screen.getByTestId('logout-link')).toHaveAttribute('href', '/logout')
    expect(screen.getByTestId('toolbar')).toBeInTheDocument()
    expect(store.get(settingsAtom).layout.config.navbar.folded).toBe(true)
    expect(store.get(settingsAtom).theme).toMatchObject({ main: 'dark', navbar: 'midnight' })
    expect(document.documentElement.classList.contains('dark')).toBe(true)
    expect(screen.getByTestId('shortcut-documents')).toHaveAttribute('href', '/documents')
  })

  it("suggests pages the role may open, and says 'No results..'", async () => {
    const { user, router } = setup()
    const input = await screen.findByTestId('search-input')
    expect(input).toHaveAttribute('placeholder', 'Search for an app or page')
    await user.type(input, 'opp')
    const results = screen.getByTestId('search-results')
    expect(within(results).getAllByTestId(/^search-result-/).map((o) => o.textContent)).toEqual(['Opportunities'])
    await user.keyboard('{Enter}')
    await waitFor(() => expect(router.state.location.pathname).toBe('/leads'))
    await user.type(screen.getByTestId('search-input'), 'zzz')
    expect(screen.getByTestId('search-no-results')).toHaveTextContent('No results..')
  })

  it('saves shortcut stars to the user', async () => {
    const { user, calls } = setup()
    await user.click(await screen.findByTestId('shortcuts-menu'))
    const star = await screen.findByTestId('shortcut-star-assets')
    expect(star).toHaveAttribute('aria-pressed', 'false')
    await user.click(star)
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH' && path(c) === '/me')).toBe(true))
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ shortcuts: ['documents', 'assets'] })
    expect(screen.getByTestId('shortcut-star-assets')).toHaveAttribute('aria-pressed', 'true')
  })

  it('applies settings at once and saves them to the user', async () => {
    const { user, calls, store } = setup()
    await user.click(await screen.findByTestId('settings-toggle')) // jsdom is a small screen: the toolbar's button
    expect(await screen.findByTestId('settings-note')).toHaveTextContent('Not all option combinations are available.')
    await user.click(screen.getByTestId('settings-layout-style-layout2'))
    expect(store.get(settingsAtom).layout.style).toBe('layout2')
    await waitFor(() => expect(screen.getByTestId('layout')).toHaveAttribute('data-layout', 'layout2'))
    await user.click(screen.getByTestId('settings-direction-rtl'))
    expect(document.documentElement.dir).toBe('rtl')
    await act(() => new Promise((r) => setTimeout(r, 500)))
    const saved = calls.filter((c) => c.method === 'PATCH' && path(c) === '/me').at(-1)?.body as { settings: { layout: { style: string }; direction: string } }
    expect(saved.settings.layout.style).toBe('layout2')
    expect(saved.settings.direction).toBe('rtl')
  })

  it('opens the Team Chat pane with its empty state and closes it with Esc', async () => {
    const { user } = setup()
    await user.click(await screen.findByTestId('chat-panel-toggle'))
    expect(screen.getByTestId('chat-panel-empty')).toHaveTextContent('Select a contact to start a conversation.')
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByTestId('chat-panel-pane')).not.toBeInTheDocument())
  })
})
