import { Suspense } from 'react'
import { Navigate, type RouteObject } from 'react-router-dom'

import { prefetch } from '@/data/prefetch'
import { setSignedInPrefetch, setSignInPreload } from '@/lib/sign-in-preload'
import { lazyPage } from '@/lib/theme-system'

import { DocumentTitle } from './document-title'
import { EmptyLayout } from './layouts/empty-layout'
import { RouteGuard } from './route-guard'
import { DashboardPage, DEFAULT_PATH, NOT_FOUND_PATH, routes, type AppRoute } from './routes'
import { SampleRoutesLoader } from './sample-routes-loader'
import { SplashScreen } from './splash-screen'

// The shell is its own chunk too: /login never downloads navbar, toolbar, panels or charts.
const loadMainLayout = () => import('./layouts/main-layout')
const MainLayout = lazyPage(loadMainLayout)

// Pressing LOGIN starts these downloads next to the sign-in request (most sign-ins land here), through
// the pages themselves: once here, they render without suspending (lazyPage, lib/theme-system.ts).
setSignInPreload(() => Promise.all([MainLayout.preload(), DashboardPage.preload()]))
// ... and the dashboard's calls are made with /me, not after the dashboard's code arrives: its figures,
// the option lists and the first page of the inspection list (use-dashboard-data.ts takes them).
setSignedInPrefetch(() => {
  prefetch('/dashboard/summary')
  prefetch('/options')
  prefetch('/assets', { sort: 'nextInspection', order: 'asc', perPage: 100, page: 1 })
})

// The ids of the route groups the sample routes join once loaded (withSampleRoutes).
const MAIN = 'layout-main'
const EMPTY = 'layout-empty'
const UNMATCHED = 'unmatched'

/** A registry entry as the router's route: its guard and document title around the lazy page. */
function toRouteObject(route: AppRoute): RouteObject {
  return {
    path: route.path,
    element: (
      <RouteGuard auth={route.auth}>
        <DocumentTitle title={route.title}>{route.element}</DocumentTitle>
      </RouteGuard>
    ),
  }
}

export function createRouteObjects(): RouteObject[] {
  return [
    { path: '/', element: <Navigate to={DEFAULT_PATH} replace /> },
    {
      id: MAIN,
      element: (
        <Suspense fallback={<SplashScreen />}>
          <MainLayout />
        </Suspense>
      ),
      children: routes.filter((r) => r.layout === 'main').map(toRouteObject),
    },
    { id: EMPTY, element: <EmptyLayout />, children: routes.filter((r) => r.layout === 'empty').map(toRouteObject) },
    {
      id: UNMATCHED,
      path: '*',
      element: (
        <Suspense fallback={<SplashScreen />}>
          <SampleRoutesLoader />
        </Suspense>
      ),
    },
  ]
}

/** The tree with the sample areas' routes in their layouts; an unmatched path is then the 404 page. */
export function withSampleRoutes(tree: RouteObject[], samples: readonly AppRoute[]): RouteObject[] {
  const inLayout = (layout: AppRoute['layout']) => samples.filter((r) => r.layout === layout).map(toRouteObject)
  return tree.map((route): RouteObject => {
    if (route.index) return route
    if (route.id === MAIN) return { ...route, children: [...(route.children ?? []), ...inLayout('main')] }
    if (route.id === EMPTY) return { ...route, children: [...(route.children ?? []), ...inLayout('empty')] }
    if (route.id === UNMATCHED) return { ...route, element: <Navigate to={NOT_FOUND_PATH} replace /> }
    return route
  })
}
