import { render } from '@testing-library/react'
import { createStore, Provider as JotaiProvider } from 'jotai'
import type { ReactNode } from 'react'
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom'

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

export function renderRoutes(routes: RouteObject[], initialEntries: string[], store = createStore()) {
  const router = createMemoryRouter(routes, { initialEntries })
  return { router, ...renderWithProviders(<RouterProvider router={router} />, store) }
}
