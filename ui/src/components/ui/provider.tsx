import { ChakraProvider } from '@chakra-ui/react'
import { useSyncExternalStore, type ReactNode } from 'react'

import { getThemeSystem, subscribeThemeSystem } from '@/lib/theme-system'

/**
 * Chakra provider snippet. The colour mode is a class on <html> ("dark" by default,
 * spec: default theme dark); index.html sets it before the first paint. The system starts small
 * and becomes the full one when the first page beyond sign-in loads (lib/theme-system.ts).
 */
export function Provider({ children }: { children: ReactNode }) {
  const system = useSyncExternalStore(subscribeThemeSystem, getThemeSystem)
  return <ChakraProvider value={system}>{children}</ChakraProvider>
}
