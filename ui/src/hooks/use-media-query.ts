import { useSyncExternalStore } from 'react'

/** Whether a CSS media query matches now, following changes (window resized, phone turned). */
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

/** Phones: below Chakra's `md` (768 px) lists become cards and the board scrolls a stage at a time. */
export const PHONE_QUERY = '(max-width: 767.98px)'

export function useIsPhone(): boolean {
  return useMediaQuery(PHONE_QUERY)
}
