import { Box, CloseButton, Drawer, Flex, IconButton, Portal, Text } from '@chakra-ui/react'
import { useAtom } from 'jotai'
import { useEffect, useRef, useState } from 'react'
import { useLocation } from 'react-router-dom'

import { FoldIcon, MenuIcon } from '@/components/icons'
import { Logo } from '@/components/logo'
import type { NavItem } from '@/lib/navigation'
import type { ThemeId } from '@/data/settings'

import { navbarMobileOpenAtom } from './atoms'
import { NavVertical } from './nav-vertical'
import { ThemeScope } from './theme'
import { useIsLargeScreen } from './use-media'
import { useUpdateSettings } from './use-settings'

/** Spec section 9. */
export const NAVBAR_WIDTH = 280
export const NAVBAR_FOLDED_WIDTH = 64
export const NAVBAR_HOVER_DELAY = 150

function Brand({ compact }: { compact: boolean }) {
  return (
    <Flex align="center" gap="3" minW="0">
      <Logo boxSize="8" />
      {!compact && (
        <Text fontWeight="bold" letterSpacing="tight" truncate>
          Staff Portal
        </Text>
      )}
    </Flex>
  )
}

/** The temporary drawer of small screens (and of the horizontal layouts there). */
export function MobileNavbar({ items, position, theme }: { items: NavItem[]; position: 'left' | 'right'; theme: ThemeId }) {
  const [open, setOpen] = useAtom(navbarMobileOpenAtom)
  const { pathname } = useLocation()
  // Closed whenever the route changes (an item was tapped).
  useEffect(() => setOpen(false), [pathname, setOpen])
  return (
    <Drawer.Root open={open} onOpenChange={(d) => setOpen(d.open)} placement={position === 'right' ? 'end' : 'start'}>
      <Portal>
        <Drawer.Backdrop data-testid="navbar-backdrop" />
        <Drawer.Positioner>
          <Drawer.Content asChild maxW={`${NAVBAR_WIDTH}px`} w={`${NAVBAR_WIDTH}px`}>
            <ThemeScope theme={theme} bg="bg.panel" data-testid="navbar" data-variant="drawer">
              <Flex align="center" justify="space-between" h="16" px="4" borderBottomWidth="1px" borderColor="border.muted">
                <Brand compact={false} />
                <Drawer.CloseTrigger asChild position="static">
                  <CloseButton size="sm" aria-label="Close navigation" data-testid="navbar-close" />
                </Drawer.CloseTrigger>
              </Flex>
              <Box overflowY="auto" flex="1">
                <NavVertical items={items} onNavigate={() => setOpen(false)} />
              </Box>
            </ThemeScope>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  )
}

/** Opens the mobile drawer: a floating button (small screens only). */
export function NavbarFab({ position }: { position: 'left' | 'right' }) {
  const [, setOpen] = useAtom(navbarMobileOpenAtom)
  return (
    <IconButton
      aria-label="Open navigation"
      position="fixed"
      bottom="5"
      insetInlineStart={position === 'left' ? '4' : undefined}
      insetInlineEnd={position === 'right' ? '4' : undefined}
      zIndex="sticky"
      borderRadius="full"
      size="lg"
      colorPalette="brand"
      boxShadow="lg"
      hideFrom="lg"
      onClick={() => setOpen(true)}
      data-testid="navbar-mobile-toggle"
    >
      <MenuIcon />
    </IconButton>
  )
}

/**
 * The permanent sidebar of large screens. Folded, it is a 64 px strip that opens over the page
 * when the pointer rests on it for 150 ms, and closes when the pointer leaves.
 */
function PermanentNavbar({
  items,
  position,
  folded,
  theme,
  stickToViewport,
}: {
  items: NavItem[]
  position: 'left' | 'right'
  folded: boolean
  theme: ThemeId
  stickToViewport: boolean
}) {
  const updateSettings = useUpdateSettings()
  const [hoverOpen, setHoverOpen] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])

  const expanded = !folded || hoverOpen
  const anchor = position === 'left' ? { insetInlineStart: 0 } : { insetInlineEnd: 0 }
  const state = !folded ? 'open' : hoverOpen ? 'folded-open' : 'folded'

  return (
    <Box
      as="aside"
      aria-label="Navigation"
      position={stickToViewport ? 'sticky' : 'relative'}
      top="0"
      h={stickToViewport ? '100dvh' : 'auto'}
      alignSelf="stretch"
      flexShrink={0}
      w={`${folded ? NAVBAR_FOLDED_WIDTH : NAVBAR_WIDTH}px`}
      transition="width 0.2s ease"
      // Above the sticky toolbar: the folded navbar opens over the page on hover.
      zIndex="banner"
    >
      <ThemeScope
        theme={theme}
        position="absolute"
        top="0"
        bottom="0"
        {...anchor}
        w={`${expanded ? NAVBAR_WIDTH : NAVBAR_FOLDED_WIDTH}px`}
        transition="width 0.2s ease, box-shadow 0.2s"
        bg="bg.panel"
        borderInlineEndWidth={position === 'left' ? '1px' : undefined}
        borderInlineStartWidth={position === 'right' ? '1px' : undefined}
        borderColor="border.muted"
        boxShadow={folded && hoverOpen ? '2xl' : undefined}
        display="flex"
        flexDirection="column"
        overflow="hidden"
        data-testid="navbar"
        data-variant="permanent"
        data-state={state}
        data-folded={folded ? 'true' : 'false'}
        data-position={position}
        onMouseEnter={() => {
          if (!folded) return
          clearTimeout(timer.current)
          timer.current = setTimeout(() => setHoverOpen(true), NAVBAR_HOVER_DELAY)
        }}
        onMouseLeave={() => {
          clearTimeout(timer.current)
          setHoverOpen(false)
        }}
      >
        <Flex
          align="center"
          justify={expanded ? 'space-between' : 'center'}
          h="16"
          px={expanded ? '4' : '0'}
          flexShrink={0}
          borderBottomWidth="1px"
          borderColor="border.muted"
        >
          <Brand compact={!expanded} />
          {expanded && (
            <IconButton
              aria-label={folded ? 'Keep the navigation open' : 'Fold the navigation'}
              title={folded ? 'Keep the navigation open' : 'Fold the navigation'}
              variant="ghost"
              size="sm"
              aria-pressed={folded}
              onClick={() => {
                setHoverOpen(false)
                updateSettings({ layout: { config: { navbar: { folded: !folded } } } })
              }}
              data-testid="navbar-fold-toggle"
            >
              <FoldIcon transform={position === 'right' ? 'scaleX(-1)' : undefined} />
            </IconButton>
          )}
        </Flex>
        <Box overflowY="auto" overflowX="hidden" flex="1">
          <NavVertical items={items} compact={!expanded} />
        </Box>
      </ThemeScope>
    </Box>
  )
}

/**
 * The vertical navbar: permanent (foldable) on large screens, a drawer on small ones. The drawer opens
 * from the toolbar's menu button; the floating one only stands in when the toolbar is hidden (one menu
 * button on a phone, issue 22).
 */
export function NavbarVertical({
  toolbarToggle,
  ...props
}: {
  items: NavItem[]
  position: 'left' | 'right'
  folded: boolean
  theme: ThemeId
  stickToViewport: boolean
  toolbarToggle: boolean
}) {
  const large = useIsLargeScreen()
  if (!large) {
    return (
      <>
        <MobileNavbar items={props.items} position={props.position} theme={props.theme} />
        {!toolbarToggle && <NavbarFab position={props.position} />}
      </>
    )
  }
  return <PermanentNavbar {...props} />
}
