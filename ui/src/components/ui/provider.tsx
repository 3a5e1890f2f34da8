import { ChakraProvider } from '@chakra-ui/react'
import type { ReactNode } from 'react'

import { system } from '@/config/theme'

/**
 * Chakra provider snippet. The colour mode is a class on <html> ("dark" by default,
 * spec: default theme dark); index.html sets it before the first paint.
 */
export function Provider({ children }: { children: ReactNode }) {
  return <ChakraProvider value={system}>{children}</ChakraProvider>
}
