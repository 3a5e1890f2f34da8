import { useMediaQuery } from '@/hooks/use-media-query'

export { useMediaQuery }

/** Spec: the large-screen breakpoint makes the navbar permanent (Chakra's `lg`, 1024 px). */
export const LARGE_SCREEN_QUERY = '(min-width: 1024px)'

export function useIsLargeScreen(): boolean {
  return useMediaQuery(LARGE_SCREEN_QUERY)
}
