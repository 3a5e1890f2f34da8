import { render } from '@testing-library/react'
import { createStore, Provider as JotaiProvider } from 'jotai'
import { useLayoutEffect, type ReactNode } from 'react'
import { MemoryRouter, Route, Routes, useLocation, useNavigate, type Location, type NavigateFunction, type RouteObject } from 'react-router-dom'

import { createRouteObjects } from '@/app/router'
import { RouteTree } from '@/app/route-tree'
import { Provider as ChakraProvider } from '@/components/ui/provider'

export function renderWithProviders(ui: ReactNode, store = createStore()) {
  return {
    store,
    ...render(
      <JotaiProvider store={store}>
        <ChakraProvider>{ui}</ChakraProvider>
      </JotaiProvider>,
    ),
  }
}

/**
 * Pages at their route paths, in memory, opened at `initialEntry`: `{ '/apps/x/:id': <XPage /> }`
 * (add the routes a page may send the user to; `'*'` for a page that reads no parameters).
 */
export function renderPage(initialEntry: string, routes: Record<string, ReactNode>, store = createStore()) {
  return renderWithProviders(
    <MemoryRouter initialEntries={[initialEntry]}>
      <Routes>
        {Object.entries(routes).map(([path, element]) => (
          <Route key={path} path={path} element={element} />
        ))}
      </Routes>
    </MemoryRouter>,
    store,
  )
}

/** What a test sees of the router: the current location (live) and navigate(). */
export interface TestRouter {
  state: { location: Location }
  navigate: NavigateFunction
}

/** Keeps the TestRouter current from inside the MemoryRouter. */
function RouterProbe({ onRender }: { onRender: (location: Location, navigate: NavigateFunction) => void }) {
  const location = useLocation()
  const navigate = useNavigate()
  useLayoutEffect(() => onRender(location, navigate))
  return null
}

/** Routes the way the app renders them (declarative router, RouteTree), in memory, to render. */
export function routerTree(routes: RouteObject[], initialEntries: string[]) {
  const router = { state: {} } as TestRouter
  const update = (location: Location, navigate: NavigateFunction) => {
    router.state.location = location
    router.navigate = navigate
  }
  const ui = (
    <MemoryRouter initialEntries={initialEntries}>
      <RouterProbe onRender={update} />
      <RouteTree routes={routes} />
    </MemoryRouter>
  )
  return { router, ui }
}

export function renderRoutes(routes: RouteObject[], initialEntries: string[], store = createStore()) {
  const { router, ui } = routerTree(routes, initialEntries)
  return { router, ...renderWithProviders(ui, store) }
}

/** The whole app's route tree (the registry's pages in their layouts), in memory, at the first entry. */
export function renderApp(initialEntries: string[], store = createStore()) {
  return renderRoutes(createRouteObjects(), initialEntries, store)
}
