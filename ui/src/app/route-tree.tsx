import { useLocation, useRoutes, type RouteObject } from 'react-router-dom'

import { RouteErrorBoundary } from './route-error'

/**
 * The route tree for the router around it (BrowserRouter in the app, MemoryRouter in tests).
 * Declarative routing, not the data router: /login downloads ~17 KB gz less, and no page uses
 * loaders or actions. A page that fails to load or render shows RouteError.
 */
export function RouteTree({ routes: tree }: { routes: RouteObject[] }) {
  const location = useLocation()
  const page = useRoutes(tree)
  return <RouteErrorBoundary locationKey={location.key}>{page}</RouteErrorBoundary>
}
