import { Box, CloseButton, Drawer, Flex, Heading, IconButton, Input, InputGroup, Portal, type FlexProps, type HeadingProps } from '@chakra-ui/react'
import type { ReactNode } from 'react'

import { MenuIcon, SearchIcon } from '@/components/icons'

/** An app page (mail, to-do, notes, contacts) with its side navigation docked at the start, or in a drawer on narrow screens. */
export function SidebarLayout({
  sidebar,
  docked,
  open,
  onOpenChange,
  stickySidebar = false,
  drawerTestId,
  overlays,
  children,
  ...rest
}: {
  sidebar: ReactNode
  docked: boolean
  open: boolean
  onOpenChange: (open: boolean) => void
  stickySidebar?: boolean
  drawerTestId?: string
  /** dialogs of the page, after its content */
  overlays?: ReactNode
  children: ReactNode
} & FlexProps) {
  return (
    <Flex {...rest}>
      {docked ? (
        <Box as="aside" w="64" flexShrink={0} borderEndWidth="1px" borderColor="border.muted" bg="bg.panel" overflowY={stickySidebar ? undefined : 'auto'}>
          {stickySidebar ? (
            <Box position="sticky" top="0">
              {sidebar}
            </Box>
          ) : (
            sidebar
          )}
        </Box>
      ) : (
        <Drawer.Root open={open} onOpenChange={(d) => onOpenChange(d.open)} placement="start">
          <Portal>
            <Drawer.Backdrop />
            <Drawer.Positioner>
              <Drawer.Content maxW="80" data-testid={drawerTestId}>
                <Drawer.CloseTrigger asChild>
                  <CloseButton size="sm" aria-label="Close" />
                </Drawer.CloseTrigger>
                <Box overflowY="auto">{sidebar}</Box>
              </Drawer.Content>
            </Drawer.Positioner>
          </Portal>
        </Drawer.Root>
      )}
      <Flex direction="column" flex="1" minW="0">
        {children}
      </Flex>
      {overlays}
    </Flex>
  )
}

/** The bar over an app page's content: the drawer's menu button (when not docked), the view's title and the search box. */
export function AppSearchBar({
  docked,
  onMenu,
  menuLabel,
  testIdPrefix,
  titleTestId,
  title,
  titleProps,
  search,
  onSearch,
  placeholder,
  searchMaxW = 'xl',
  ...rest
}: {
  docked: boolean
  onMenu: () => void
  menuLabel: string
  /** test ids: `<prefix>-sidebar-toggle`, `<prefix>-search` */
  testIdPrefix: string
  titleTestId: string
  title: ReactNode
  titleProps?: HeadingProps
  search: string
  onSearch: (text: string) => void
  placeholder: string
  searchMaxW?: string
} & Omit<FlexProps, 'title'>) {
  return (
    <Flex align="center" gap="3" px={{ base: '3', md: '5' }} h="16" borderBottomWidth="1px" borderColor="border.muted" bg="bg.panel" {...rest}>
      {!docked && (
        <IconButton variant="ghost" size="sm" aria-label={menuLabel} onClick={onMenu} data-testid={`${testIdPrefix}-sidebar-toggle`}>
          <MenuIcon />
        </IconButton>
      )}
      <Heading as="h2" size="md" truncate maxW={{ base: '28', md: '60' }} data-testid={titleTestId} {...titleProps}>
        {title}
      </Heading>
      <InputGroup flex="1" maxW={searchMaxW} ms="auto" startElement={<SearchIcon boxSize="4" color="fg.subtle" />}>
        <Input
          size="sm"
          borderRadius="full"
          placeholder={placeholder}
          aria-label={placeholder}
          value={search}
          onChange={(e) => onSearch(e.target.value)}
          data-testid={`${testIdPrefix}-search`}
        />
      </InputGroup>
    </Flex>
  )
}
