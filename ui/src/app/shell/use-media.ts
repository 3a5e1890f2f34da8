import { useSyncExternalStore } from 'react'

/** Spec: the large-screen breakpoint makes the navbar permanent (Chakra's `lg`, 1024 px). */
export const LARGE_SCREEN_QUERY = '(min-width: 1024px)'

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (notify) => {
      const list = window.matchMedia(query)
      list.addEventListener?.('change', notify)
      return () => list.removeEventListener?.('change', notify)
    },
    () => window.matchMedia(query).matches,
    () => false,
  )
}

export function useIsLargeScreen(): boolean {
  return useMediaQuery(LARGE_SCREEN_QUERY)
}
