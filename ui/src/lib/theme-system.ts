import type { SystemContext } from '@chakra-ui/react'
import { lazy, type ComponentType, type LazyExoticComponent } from 'react'

import { startSystem } from '@/config/theme'

/*
 * Which Chakra system the app renders with: the small start system (sign-in page) until a page
 * that needs more arrives, then the full one. Every lazy page except the start pages is made with
 * lazyPage(), which loads its code and the full system together, so it never renders unstyled.
 */

let current: SystemContext = startSystem
let loading: Promise<void> | null = null
const listeners = new Set<() => void>()

export function getThemeSystem(): SystemContext {
  return current
}

export function subscribeThemeSystem(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Loads the full system once and switches the app to it; a failed download may be retried. */
export function loadFullTheme(): Promise<void> {
  loading ??= import('@/config/theme-full').then(
    ({ fullSystem }) => {
      current = fullSystem
      listeners.forEach((listener) => listener())
    },
    (error: unknown) => {
      loading = null
      throw error
    },
  )
  return loading
}

/** A page made by lazyPage(): the lazy component, and `preload()` to fetch its code ahead. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same bound React.lazy uses
export type LazyPage<T extends ComponentType<any>> = LazyExoticComponent<T> & { preload: () => Promise<{ default: T }> }

/**
 * React.lazy for a page that needs the full system: resolves once both have arrived.
 *
 * Once its code and the full system are here (preload() at the LOGIN click, or an earlier visit),
 * the first render takes the module at once instead of suspending: React shows a suspended
 * boundary's content at the earliest 300 ms after its fallback appeared (its fallback throttle), so
 * a page that suspends for code that is already loaded still costs up to 300 ms per boundary
 * (shell, then page) after sign-in.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same bound React.lazy uses
export function lazyPage<T extends ComponentType<any>>(load: () => Promise<{ default: T }>): LazyPage<T> {
  let loaded: { default: T } | null = null
  let pending: Promise<{ default: T }> | null = null
  const preload = (): Promise<{ default: T }> => {
    pending ??= Promise.all([load(), loadFullTheme()]).then(
      ([module]) => (loaded = module),
      (error: unknown) => {
        pending = null // a failed download may be retried
        throw error
      },
    )
    return pending
  }
  // A thenable that calls back at once: React.lazy then renders the module without suspending.
  const ready = (module: { default: T }) => ({ then: (resolve: (m: { default: T }) => void) => resolve(module) }) as unknown as Promise<{ default: T }>
  const page = lazy(() => (loaded ? ready(loaded) : preload())) as LazyPage<T>
  page.preload = preload
  return page
}
