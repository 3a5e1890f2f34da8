import { ChakraProvider, type SystemContext } from '@chakra-ui/react'
import { act, render, screen } from '@testing-library/react'
import { createStore, Provider as JotaiProvider } from 'jotai'
import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'

import { PageLoader } from '@/components/page-loader'
import { startSystem } from '@/config/theme'
import { fullSystem } from '@/config/theme-full'
import { initialLoginState, loginStateAtom, type LoginState } from '@/features/auth/atoms'
import LoginPage from '@/features/auth/components/login-page'
import LogoutPage from '@/features/auth/components/logout-page'
import { routerTree } from '@/testing/render'

import { EmptyLayout } from './layouts/empty-layout'
import { SplashScreen } from './splash-screen'

/** The system's config without its recipes: what the start and the full system must share. */
function withoutRecipes(system: SystemContext) {
  const { recipes: _recipes, slotRecipes: _slotRecipes, ...theme } = system._config.theme ?? {}
  return { ...system._config, theme }
}

/** The start system, noting every recipe a component asks it for. */
function spyingStartSystem() {
  const asked = new Set<string>()
  const system: SystemContext = {
    ...startSystem,
    getRecipeFn: (key, fallback) => (asked.add(key), startSystem.getRecipeFn(key, fallback)),
    getSlotRecipeFn: (key, fallback) => (asked.add(key), startSystem.getSlotRecipeFn(key, fallback)),
  }
  return { system, asked }
}

/** Recipes asked for that the full system has and the start system lacks (would render unstyled). */
function missing(asked: Set<string>) {
  return [...asked].filter((key) => fullSystem.hasRecipe(key) && !startSystem.hasRecipe(key))
}

/** A page whose chunk failed to load. */
function Broken(): never {
  throw new Error('chunk failed')
}

function renderStart(system: SystemContext, ui: ReactNode, loginState?: LoginState) {
  const store = createStore()
  if (loginState) store.set(loginStateAtom, loginState)
  const { router, ui: tree } = routerTree(
    [
      { path: '/', element: ui },
      { path: '/broken', element: <EmptyLayout />, children: [{ index: true, element: <Broken /> }] },
    ],
    ['/'],
  )
  render(
    <JotaiProvider store={store}>
      <ChakraProvider value={system}>{tree}</ChakraProvider>
    </JotaiProvider>,
  )
  return router
}

describe('start theme', () => {
  it('is Chakra default theme plus the brand, like the full system, without most recipes', () => {
    expect(withoutRecipes(startSystem)).toEqual(withoutRecipes(fullSystem))
    // Same preflight, global styles and token variables: switching systems changes no CSS.
    expect(startSystem._global).toEqual(fullSystem._global)
    const startKeys = Object.keys(startSystem._config.theme?.recipes ?? {})
    for (const key of startKeys) expect(startSystem.getRecipe(key)).toEqual(fullSystem.getRecipe(key))
    const startSlotKeys = Object.keys(startSystem._config.theme?.slotRecipes ?? {})
    for (const key of startSlotKeys) expect(startSystem.getSlotRecipe(key)).toEqual(fullSystem.getSlotRecipe(key))
    const fullCount = Object.keys({ ...fullSystem._config.theme?.recipes, ...fullSystem._config.theme?.slotRecipes }).length
    expect(fullCount).toBeGreaterThan(50)
    expect(startKeys.length + startSlotKeys.length).toBeLessThan(12)
  })

  const loginStates: [string, LoginState][] = [
    ['credentials with errors', { ...initialLoginState, error: 'Wrong password', fieldErrors: { username: 'Required' } }],
    ['new password', { ...initialLoginState, step: 'new-password', fieldErrors: { newPassword: 'Too short' } }],
    ['new password, no error', { ...initialLoginState, step: 'new-password' }],
    ['code', { ...initialLoginState, step: 'totp', changePasswordSuccess: true, fieldErrors: { code: 'Wrong code' } }],
  ]
  it.each(loginStates)('has every recipe the sign-in page uses (%s)', async (_name, state) => {
    const { system, asked } = spyingStartSystem()
    renderStart(system, <LoginPage />, state)
    await screen.findByTestId('login-form')
    expect(asked).toContain('button')
    expect(asked).toContain('field')
    expect(missing(asked)).toEqual([])
  })

  it('has every recipe the splash, page loader, logout page and error page use', async () => {
    const { system, asked } = spyingStartSystem()
    const router = renderStart(
      system,
      <>
        <SplashScreen />
        <PageLoader />
        <LogoutPage />
      </>,
    )
    await screen.findByTestId('logout-page')
    await act(() => router.navigate('/broken'))
    await screen.findByText('Something went wrong')
    expect(asked).toContain('spinner')
    expect(missing(asked)).toEqual([])
  })

  it('notices a page that needs more than the start system', async () => {
    const { system, asked } = spyingStartSystem()
    const { Badge } = await import('@chakra-ui/react')
    renderStart(system, <Badge>new</Badge>)
    await screen.findByText('new')
    expect(missing(asked)).toEqual(['badge'])
  })
})
