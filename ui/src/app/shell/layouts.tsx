import { Box, Flex } from '@chakra-ui/react'
import type { ReactNode } from 'react'

import type { NavItem } from '@/lib/navigation'
import { LAYOUTS, type Settings } from '@/data/settings'

import { Footer } from './footer'
import { NavHorizontal } from './nav-horizontal'
import { MobileNavbar, NavbarFab, NavbarVertical } from './navbar'
import { ThemeScope } from './theme'
import { Toolbar } from './toolbar'
import { useIsLargeScreen } from './use-media'

export interface LayoutProps {
  items: NavItem[]
  settings: Settings
  children: ReactNode
}

/** Page content; in 'container' mode only the content is held to the boxed width. */
function Content({ settings, children }: { settings: Settings; children: ReactNode }) {
  const { mode } = settings.layout.config
  const width = LAYOUTS[settings.layout.style].boxedWidth
  return (
    <Box as="main" id="main-content" tabIndex={-1} flex="1" minW="0" outline="none" data-testid="main-content">
      {mode === 'container' ? (
        <Box maxW={`${width}px`} mx="auto" w="full">
          {children}
        </Box>
      ) : (
        children
      )}
    </Box>
  )
}

function frameProps(settings: Settings) {
  const boxed = settings.layout.config.mode === 'boxed'
  return {
    w: 'full',
    maxW: boxed ? `${LAYOUTS[settings.layout.style].boxedWidth}px` : undefined,
    mx: 'auto',
    boxShadow: boxed ? '0 0 0 1px var(--chakra-colors-border), 0 20px 60px rgba(0,0,0,0.35)' : undefined,
    bg: 'bg',
    'data-testid': 'layout',
    'data-layout': settings.layout.style,
    'data-mode': settings.layout.config.mode,
    'data-scroll': settings.layout.config.scroll,
  }
}

/** Layout 1: vertical navbar at the side (left or right), toolbar and footer above or beside it. */
export function Layout1({ items, settings, children }: LayoutProps) {
  const c = settings.layout.config
  const { theme } = settings
  const scrollContent = c.scroll === 'content'
  const toolbar = c.toolbar.display && (
    <Toolbar items={items} theme={theme.toolbar} sticky={c.toolbar.style === 'fixed'} showNavToggle={c.navbar.display} showBrand={false} />
  )
  const footer = c.footer.display && <Footer theme={theme.footer} sticky={c.footer.style === 'fixed'} />
  return (
    <Flex direction="column" h={scrollContent ? '100dvh' : undefined} minH="100dvh" {...frameProps(settings)}>
      {c.toolbar.position === 'above' && toolbar}
      <Flex flex="1" minH="0" direction={c.navbar.position === 'right' ? 'row-reverse' : 'row'}>
        {c.navbar.display && (
          <NavbarVertical
            items={items}
            position={c.navbar.position}
            folded={c.navbar.folded}
            theme={theme.navbar}
            stickToViewport={!scrollContent}
            toolbarToggle={Boolean(c.toolbar.display)}
          />
        )}
        <Flex direction="column" flex="1" minW="0" overflowY={scrollContent ? 'auto' : undefined} data-testid="content-scroll">
          {c.toolbar.position === 'below' && toolbar}
          <Content settings={settings}>{children}</Content>
          {c.footer.position === 'below' && footer}
        </Flex>
      </Flex>
      {c.footer.position === 'above' && footer}
    </Flex>
  )
}

/** Layouts 2 and 3: toolbar on top and a horizontal navigation bar; a drawer on small screens. */
export function HorizontalLayout({ items, settings, children }: LayoutProps) {
  const c = settings.layout.config
  const { theme } = settings
  const large = useIsLargeScreen()
  const width = LAYOUTS[settings.layout.style].boxedWidth
  const toolbar = c.toolbar.display && (
    <Toolbar items={items} theme={theme.toolbar} sticky={c.toolbar.style === 'fixed'} showNavToggle={c.navbar.display} showBrand />
  )
  const navbar =
    c.navbar.display &&
    (large ? (
      <ThemeScope theme={theme.navbar} bg="bg.panel" borderBottomWidth="1px" borderColor="border.muted" data-testid="navbar" data-variant="horizontal">
        <Box px="4" maxW={c.mode === 'container' ? `${width}px` : undefined} mx="auto">
          <NavHorizontal items={items} />
        </Box>
      </ThemeScope>
    ) : (
      <>
        <MobileNavbar items={items} position="left" theme={theme.navbar} />
        {!c.toolbar.display && <NavbarFab position="left" />}
      </>
    ))
  // Layout 3 can put the toolbar under the navigation bar.
  const toolbarFirst = settings.layout.style !== 'layout3' || c.toolbar.position === 'above'
  return (
    <Flex direction="column" minH="100dvh" {...frameProps(settings)}>
      {toolbarFirst ? toolbar : navbar}
      {toolbarFirst ? navbar : toolbar}
      <Content settings={settings}>{children}</Content>
      {c.footer.display && <Footer theme={theme.footer} sticky={c.footer.style === 'fixed'} />}
    </Flex>
  )
}
