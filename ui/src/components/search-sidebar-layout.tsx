import { useBreakpointValue } from '@chakra-ui/react'
import { useAtom, type PrimitiveAtom } from 'jotai'
import type { ComponentProps } from 'react'

import { AppSearchBar, SidebarLayout } from '@/components/app-layout'

/**
 * The page of a mail-like app (mail, to-do, notes): its side navigation, docked from lg up and a
 * drawer below it (open while `openAtom` holds true), beside the search bar and the content.
 */
export function SearchSidebarLayout({
  openAtom,
  searchBar,
  children,
  ...rest
}: {
  openAtom: PrimitiveAtom<boolean>
  searchBar: Omit<ComponentProps<typeof AppSearchBar>, 'docked' | 'onMenu'>
} & Omit<ComponentProps<typeof SidebarLayout>, 'docked' | 'open' | 'onOpenChange'>) {
  const [open, setOpen] = useAtom(openAtom)
  const docked = useBreakpointValue({ base: false, lg: true }) ?? false
  return (
    <SidebarLayout docked={docked} open={open} onOpenChange={setOpen} {...rest}>
      <AppSearchBar docked={docked} onMenu={() => setOpen(true)} {...searchBar} />
      {children}
    </SidebarLayout>
  )
}
