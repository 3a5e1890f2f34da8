import { Box, Button, CloseButton, Drawer, Flex, Heading, Portal, Tabs, Text } from '@chakra-ui/react'
import { useState, type ReactNode } from 'react'

import { MenuIcon } from '@/components/icons'

export interface PageLayoutProps {
  style: 'carded' | 'simple'
  header: { title: ReactNode; subtitle?: ReactNode; breadcrumb?: ReactNode; actions?: ReactNode }
  sidebar?: { side: 'left' | 'right'; title: string; content: ReactNode }
  tabs?: { value: string; label: string; content: ReactNode }[]
  children?: ReactNode
  testId?: string
  /** The header stays; the content and the sidebar scroll inside the page (the template's "-2" layouts). */
  innerScroll?: boolean
  /** Simple layout: the sidebar runs the page's full height beside the header (else it sits under the header). */
  sidebarBesideHeader?: boolean
}

function Header({ header, onSidebar, sidebarTitle, carded }: { header: PageLayoutProps['header']; onSidebar?: () => void; sidebarTitle?: string; carded: boolean }) {
  return (
    <Flex justify="space-between" align={{ base: 'flex-start', md: 'center' }} gap="4" direction={{ base: 'column', md: 'row' }} color={carded ? 'white' : undefined}>
      <Box minW="0">
        {header.breadcrumb && (
          <Text fontSize="xs" opacity={carded ? 0.8 : undefined} color={carded ? undefined : 'fg.muted'} mb="1" data-testid="layout-breadcrumb">
            {header.breadcrumb}
          </Text>
        )}
        <Heading as="h1" size={{ base: 'xl', md: '2xl' }} color={carded ? 'white' : undefined} data-testid="layout-title">
          {header.title}
        </Heading>
        {header.subtitle && (
          <Text mt="1" opacity={carded ? 0.85 : undefined} color={carded ? undefined : 'fg.muted'}>
            {header.subtitle}
          </Text>
        )}
      </Box>
      <Flex gap="2" align="center">
        {onSidebar && (
          <Button size="sm" variant={carded ? 'surface' : 'outline'} display={{ base: 'inline-flex', lg: 'none' }} onClick={onSidebar} data-testid="layout-sidebar-toggle">
            <MenuIcon /> {sidebarTitle}
          </Button>
        )}
        {header.actions}
      </Flex>
    </Flex>
  )
}

function Body({ tabs, children }: { tabs?: PageLayoutProps['tabs']; children?: ReactNode }) {
  if (!tabs) return <Box p={{ base: '5', md: '8' }}>{children}</Box>
  return (
    <Tabs.Root defaultValue={tabs[0]?.value} variant="line" lazyMount>
      <Tabs.List px={{ base: '3', md: '6' }} overflowX="auto" overflowY="hidden" data-testid="layout-tabs">
        {tabs.map((t) => (
          <Tabs.Trigger key={t.value} value={t.value} data-testid={`layout-tab-${t.value}`} whiteSpace="nowrap">
            {t.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {tabs.map((t) => (
        <Tabs.Content key={t.value} value={t.value} p={{ base: '5', md: '8' }}>
          {t.content}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  )
}

/**
 * The template's page layouts. Simple: a header band, then the content on the page background.
 * Carded: a coloured header with the content in a card that overlaps it. Either can have a
 * sidebar (left or right; a drawer on small screens) and tabs.
 */
export function PageLayout({ style, header, sidebar, tabs, children, testId, innerScroll = false, sidebarBesideHeader = false }: PageLayoutProps) {
  const [drawer, setDrawer] = useState(false)
  const carded = style === 'carded'
  // The "-2" layouts: the area under the header scrolls on its own from the large breakpoint up.
  const scroller = innerScroll ? { maxH: { lg: 'calc(100dvh - 300px)' }, minH: { lg: '320px' }, overflowY: { lg: 'auto' as const } } : {}
  const panel = sidebar && (
    <Box
      as="aside"
      aria-label={sidebar.title}
      w="280px"
      flexShrink={0}
      display={{ base: 'none', lg: 'block' }}
      data-testid="layout-sidebar"
      data-side={sidebar.side}
      data-placement={!carded && sidebarBesideHeader ? 'beside-header' : 'under-header'}
      {...scroller}
    >
      {sidebar.content}
    </Box>
  )
  const content = (
    <Box
      flex="1"
      minW="0"
      bg={carded ? 'bg.panel' : undefined}
      borderWidth={carded ? '1px' : 0}
      borderColor="border.muted"
      borderRadius={carded ? 'xl' : undefined}
      boxShadow={carded ? 'lg' : undefined}
      data-testid="layout-content"
      data-inner-scroll={innerScroll ? 'true' : undefined}
      {...scroller}
    >
      <Body tabs={tabs}>{children}</Body>
    </Box>
  )
  const drawerPanel = sidebar && (
    <Drawer.Root open={drawer} onOpenChange={(e) => setDrawer(e.open)} placement={sidebar.side === 'left' ? 'start' : 'end'}>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content maxW="300px" data-testid="layout-sidebar-drawer">
            <Drawer.Header>
              <Drawer.Title>{sidebar.title}</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body onClick={() => setDrawer(false)}>{sidebar.content}</Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  )
  if (!carded && sidebar && sidebarBesideHeader) {
    return (
      <Flex data-testid={testId} data-layout-style={style} direction={sidebar.side === 'right' ? 'row-reverse' : 'row'} minH="full">
        <Box
          display={{ base: 'none', lg: 'block' }}
          bg="bg.panel"
          borderColor="border.muted"
          borderEndWidth={sidebar.side === 'left' ? '1px' : 0}
          borderStartWidth={sidebar.side === 'right' ? '1px' : 0}
          px="6"
          py="8"
        >
          <Text fontWeight="semibold" mb="4">
            {sidebar.title}
          </Text>
          {panel}
        </Box>
        <Box flex="1" minW="0">
          <Box px={{ base: '4', md: '8' }} pt={{ base: '6', md: '8' }} pb="6" bg="bg.subtle" borderBottomWidth="1px" borderColor="border.muted">
            <Header header={header} carded={false} onSidebar={() => setDrawer(true)} sidebarTitle={sidebar.title} />
          </Box>
          {content}
        </Box>
        {drawerPanel}
      </Flex>
    )
  }
  return (
    <Box data-testid={testId} data-layout-style={style} position="relative">
      {carded && <Box position="absolute" insetX="0" top="0" h={{ base: '220px', md: '240px' }} bgGradient="to-r" gradientFrom="teal.700" gradientTo="cyan.800" />}
      <Box position="relative" px={{ base: '4', md: '8' }} pt={{ base: '6', md: '8' }} pb={carded ? '8' : '6'} bg={carded ? undefined : 'bg.subtle'} borderBottomWidth={carded ? 0 : '1px'} borderColor="border.muted">
        <Header header={header} carded={carded} onSidebar={sidebar ? () => setDrawer(true) : undefined} sidebarTitle={sidebar?.title} />
      </Box>
      <Flex position="relative" gap="6" px={{ base: carded ? '3' : '0', md: carded ? '8' : '0' }} pb="8" direction={sidebar?.side === 'right' ? 'row-reverse' : 'row'}>
        {panel && (
          <Box
            pt={carded ? '0' : '6'}
            ps={!carded && sidebar?.side === 'left' ? '8' : undefined}
            pe={!carded && sidebar?.side === 'right' ? '8' : undefined}
            display={{ base: 'none', lg: 'block' }}
          >
            <Box bg={carded ? 'bg.panel' : undefined} borderRadius={carded ? 'xl' : undefined} borderWidth={carded ? '1px' : 0} borderColor="border.muted" p={carded ? '4' : '0'}>
              {panel}
            </Box>
          </Box>
        )}
        <Box flex="1" minW="0" pt={carded ? '0' : '0'} px={carded ? '0' : { base: '0', md: '0' }} borderStartWidth={!carded && sidebar?.side === 'left' ? { lg: '1px' } : undefined} borderEndWidth={!carded && sidebar?.side === 'right' ? { lg: '1px' } : undefined} borderColor="border.muted">
          {content}
        </Box>
      </Flex>
      {drawerPanel}
    </Box>
  )
}
