import { useSyncExternalStore } from 'react'

import type { AppRoute } from './routes'

/**
 * The sample areas' routes (about 150 of them) arrive as their own chunk, not in the start chunk:
 * /login's JavaScript stays within its budget however many template pages there are. The route
 * tree (route-tree.tsx) adds them once loaded; an unknown path loads them before it says 404.
 */
let loaded: readonly AppRoute[] | null = null
let loading: Promise<void> | null = null
const listeners = new Set<() => void>()

export function loadSampleRoutes(): Promise<void> {
  loading ??= import('./routes-samples').then(
    ({ sampleRoutes }) => {
      loaded = sampleRoutes
      for (const listener of listeners) listener()
    },
    (error: unknown) => {
      loading = null // the next navigation tries again (a deploy, a dropped connection)
      throw error
    },
  )
  return loading
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The sample routes once loaded (null before); re-renders the caller when they arrive. */
export function useSampleRoutes(): readonly AppRoute[] | null {
  return useSyncExternalStore(subscribe, () => loaded)
}
