import { applicationRoutes } from './routes-applications'
import { pagesRoutes } from './routes-pages'
import type { AppRoute } from './routes'

/** Every sample area's route, loaded on demand (sample-routes.ts). */
export const sampleRoutes: readonly AppRoute[] = [...applicationRoutes, ...pagesRoutes]
