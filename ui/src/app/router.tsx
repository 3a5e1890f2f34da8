import { Suspense } from 'react'
import { Navigate, type RouteObject } from 'react-router-dom'

import { SplashScreen } from './splash-screen'

import { DocumentTitle } from './document-title'
import { EmptyLayout } from './layouts/empty-layout'
import { RouteGuard } from './route-guard'
import { DEFAULT_PATH, MainLayout, NOT_FOUND_PATH, routes, type AppRoute } from './routes'

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
      element: (
        <Suspense fallback={<SplashScreen />}>
          <MainLayout />
        </Suspense>
      ),
      children: routes.filter((r) => r.layout === 'main').map(toRouteObject),
    },
    { element: <EmptyLayout />, children: routes.filter((r) => r.layout === 'empty').map(toRouteObject) },
    { path: '*', element: <Navigate to={NOT_FOUND_PATH} replace /> },
  ]
}
