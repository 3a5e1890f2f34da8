import { Box, Flex, IconButton } from '@chakra-ui/react'
import { useAtomValue, useSetAtom } from 'jotai'

import { ChatIcon, MenuIcon, PanelIcon, SettingsIcon } from '@/components/icons'
import { Logo } from '@/components/logo'
import { chatUnreadTotalAtom } from '@/features/chat/atoms'
import type { NavItem } from '@/lib/navigation'
import { realtimeStateAtom } from '@/data/live'
import type { ThemeId } from '@/data/settings'

import { chatPanelOpenAtom, navbarMobileOpenAtom, quickPanelOpenAtom, settingsPanelOpenAtom } from './atoms'
import { LanguageMenu } from './language-menu'
import { NotificationsMenu } from './notifications-menu'
import { NavSearch } from './search'
import { Shortcuts } from './shortcuts'
import { ThemeScope } from './theme'
import { useIsLargeScreen } from './use-media'
import { UserMenu } from './user-menu'

function RealtimeDot() {
  const { status, error } = useAtomValue(realtimeStateAtom)
  const color = status === 'connected' ? 'green.400' : status === 'connecting' ? 'yellow.400' : 'fg.subtle'
  const label =
    status === 'connected'
      ? 'Live updates on'
      : status === 'connecting'
        ? 'Connecting to live updates…'
        : `Live updates off${error ? ` (${error})` : ''}; figures refresh when the connection returns`
  return (
    <Box
      boxSize="2"
      flexShrink={0}
      borderRadius="full"
      bg={color}
      mx="2"
      title={label}
      role="status"
      aria-label={label}
      data-testid="realtime-status"
      data-status={status}
    />
  )
}

export function Toolbar({
  items,
  theme,
  showNavToggle,
  showBrand,
  sticky,
}: {
  items: NavItem[]
  theme: ThemeId
  /** The hamburger that opens the navigation drawer (small screens). */
  showNavToggle: boolean
  /** Horizontal layouts carry the logo in the toolbar. */
  showBrand: boolean
  sticky: boolean
}) {
  const openNavbar = useSetAtom(navbarMobileOpenAtom)
  const toggleQuickPanel = useSetAtom(quickPanelOpenAtom)
  const toggleChat = useSetAtom(chatPanelOpenAtom)
  const chatUnread = useAtomValue(chatUnreadTotalAtom)
  const openSettings = useSetAtom(settingsPanelOpenAtom)
  const large = useIsLargeScreen()
  return (
    <ThemeScope
      theme={theme}
      as="header"
      position={sticky ? 'sticky' : 'relative'}
      top="0"
      zIndex="sticky"
      bg="bg.panel"
      borderBottomWidth="1px"
      borderColor="border.muted"
      data-testid="toolbar"
    >
      <Flex align="center" h="16" px={{ base: '2', md: '4' }} gap="1" position="relative">
        {showNavToggle && (
          <IconButton aria-label="Open navigation" variant="ghost" size="sm" hideFrom="lg" onClick={() => openNavbar(true)} data-testid="navbar-toggle">
            <MenuIcon />
          </IconButton>
        )}
        {showBrand && <Logo boxSize="8" mx="2" />}
        <Shortcuts items={items} />
        <Box flex="1" />
        <NavSearch items={items} />
        {/* Phones: one language today, and the toolbar's room goes to the buttons people use. */}
        <Box hideBelow="md">
          <LanguageMenu />
        </Box>
        <IconButton aria-label="Quick panel" title="Quick panel" variant="ghost" size="sm" onClick={() => toggleQuickPanel((o) => !o)} data-testid="quick-panel-toggle">
          <PanelIcon />
        </IconButton>
        <NotificationsMenu />
        {!large && (
          <IconButton aria-label="Settings" title="Settings" variant="ghost" size="sm" onClick={() => openSettings(true)} data-testid="settings-toggle">
            <SettingsIcon />
          </IconButton>
        )}
        <IconButton
          aria-label={chatUnread ? `Team Chat, ${chatUnread} unread` : 'Team Chat'}
          title={chatUnread ? `Team Chat: ${chatUnread} unread` : 'Team Chat'}
          variant="ghost"
          size="sm"
          position="relative"
          onClick={() => toggleChat((o) => !o)}
          data-testid="chat-panel-toggle"
        >
          <ChatIcon />
          {chatUnread > 0 && (
            <Box
              as="span"
              position="absolute"
              top="0"
              insetInlineEnd="0"
              minW="4.5"
              h="4.5"
              px="1"
              borderRadius="full"
              bg="red.solid"
              color="white"
              fontSize="2xs"
              fontWeight="bold"
              lineHeight="1"
              display="flex"
              alignItems="center"
              justifyContent="center"
              data-testid="chat-unread-total"
            >
              {chatUnread > 99 ? '99+' : chatUnread}
            </Box>
          )}
        </IconButton>
        <RealtimeDot />
        <UserMenu />
      </Flex>
    </ThemeScope>
  )
}
