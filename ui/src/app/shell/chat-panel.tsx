import { Box, CloseButton, Flex, Heading, IconButton, Text } from '@chakra-ui/react'
import { useAtom } from 'jotai'
import { useEffect, useRef } from 'react'

import { ChatIcon } from '@/components/icons'
import type { ThemeId } from '@/lib/settings'

import { chatPanelOpenAtom } from './atoms'
import { ThemeScope } from './theme'
import { useIsLargeScreen } from './use-media'

/** Spec section 9. */
export const CHAT_STRIP_WIDTH = 70
export const CHAT_PANE_WIDTH = 360

/**
 * Team Chat frame: the 70 px contact strip (large screens) and the 360 px conversation pane.
 * Esc and a click outside close the pane. Contacts and messages come with the Team Chat issue;
 * until then the staff list is not available from the API, so the frame shows its empty state.
 */
export function ChatPanel({ showStrip, theme }: { showStrip: boolean; theme: ThemeId }) {
  const [open, setOpen] = useAtom(chatPanelOpenAtom)
  const large = useIsLargeScreen()
  const strip = showStrip && large
  const rootRef = useRef<HTMLDivElement>(null)

  useEffect(() => {
    if (!open) return
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false)
    }
    const onPointer = (e: PointerEvent) => {
      const target = e.target as Node | null
      if (target && rootRef.current?.contains(target)) return
      // The toolbar's own toggle handles its click.
      if (target instanceof Element && target.closest('[data-testid="chat-panel-toggle"]')) return
      setOpen(false)
    }
    document.addEventListener('keydown', onKey)
    document.addEventListener('pointerdown', onPointer)
    return () => {
      document.removeEventListener('keydown', onKey)
      document.removeEventListener('pointerdown', onPointer)
    }
  }, [open, setOpen])

  if (!strip && !open) return null

  return (
    <Box ref={rootRef} data-testid="chat-panel" data-state={open ? 'open' : 'closed'}>
      {strip && (
        <ThemeScope
          theme={theme}
          position="fixed"
          top="0"
          bottom="0"
          insetInlineEnd="0"
          w={`${CHAT_STRIP_WIDTH}px`}
          bg="bg.panel"
          borderInlineStartWidth="1px"
          borderColor="border.muted"
          zIndex="overlay"
          display="flex"
          flexDirection="column"
          alignItems="center"
          py="3"
          gap="3"
          data-testid="chat-strip"
        >
          <IconButton
            aria-label={open ? 'Close Team Chat' : 'Open Team Chat'}
            aria-expanded={open}
            variant={open ? 'subtle' : 'ghost'}
            colorPalette="brand"
            onClick={() => setOpen(!open)}
            data-testid="chat-strip-toggle"
          >
            <ChatIcon />
          </IconButton>
          <Box w="8" borderTopWidth="1px" borderColor="border.muted" />
          <Box flex="1" w="full" overflowY="auto" aria-label="Contacts" data-testid="chat-contacts" />
        </ThemeScope>
      )}
      <ThemeScope
        theme={theme}
        position="fixed"
        top="0"
        bottom="0"
        insetInlineEnd={strip ? `${CHAT_STRIP_WIDTH}px` : '0'}
        w={`${CHAT_PANE_WIDTH}px`}
        maxW={strip ? `calc(100vw - ${CHAT_STRIP_WIDTH}px)` : '100vw'}
        bg="bg.panel"
        borderInlineStartWidth="1px"
        borderColor="border.muted"
        boxShadow="2xl"
        zIndex="overlay"
        display={open ? 'flex' : 'none'}
        flexDirection="column"
        role="dialog"
        aria-label="Team Chat"
        data-testid="chat-panel-pane"
      >
        <Flex align="center" justify="space-between" h="16" px="4" borderBottomWidth="1px" borderColor="border.muted" flexShrink={0}>
          <Heading as="h2" size="md">
            Team Chat
          </Heading>
          <CloseButton size="sm" aria-label="Close Team Chat" onClick={() => setOpen(false)} data-testid="chat-panel-close" />
        </Flex>
        <Flex flex="1" direction="column" align="center" justify="center" gap="4" px="8" textAlign="center">
          <Flex boxSize="16" borderRadius="full" align="center" justify="center" bg="bg.muted" color="fg.subtle">
            <ChatIcon boxSize="7" />
          </Flex>
          <Text color="fg.muted" data-testid="chat-panel-empty">
            Select a contact to start a conversation.
          </Text>
        </Flex>
      </ThemeScope>
    </Box>
  )
}
