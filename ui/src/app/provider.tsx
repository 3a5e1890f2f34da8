import { Provider as JotaiProvider } from 'jotai'
import type { ReactNode } from 'react'

import { Provider as ChakraProvider } from '@/components/ui/provider'

import { store } from './store'

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <JotaiProvider store={store}>
      <ChakraProvider>{children}</ChakraProvider>
    </JotaiProvider>
  )
}
