import type { SystemContext } from '@chakra-ui/react'
import { lazy, type ComponentType } from 'react'

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

/** React.lazy for a page that needs the full system: resolves once both have arrived. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same bound React.lazy uses
export function lazyPage<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  return lazy(() => Promise.all([load(), loadFullTheme()]).then(([module]) => module))
}
