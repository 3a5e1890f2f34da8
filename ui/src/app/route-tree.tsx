import { useMemo } from 'react'
import { useLocation, useRoutes, type RouteObject } from 'react-router-dom'

import { RouteErrorBoundary } from './route-error'
import { withSampleRoutes } from './router'
import { useSampleRoutes } from './sample-routes'

/**
 * The route tree for the router around it (BrowserRouter in the app, MemoryRouter in tests).
 * Declarative routing, not the data router: /login downloads ~17 KB gz less, and no page uses
 * loaders or actions. The sample areas' routes join the tree once their chunk is here. A page
 * that fails to load or render shows RouteError.
 */
export function RouteTree({ routes }: { routes: RouteObject[] }) {
  const location = useLocation()
  const samples = useSampleRoutes()
  const tree = useMemo(() => (samples ? withSampleRoutes(routes, samples) : routes), [routes, samples])
  const page = useRoutes(tree)
  return <RouteErrorBoundary locationKey={location.key}>{page}</RouteErrorBoundary>
}
