import { Box, Button, CloseButton, Flex, Heading, IconButton, Text } from '@chakra-ui/react'
import { useAtom, useAtomValue, useSetAtom } from 'jotai'
import { useEffect, useRef } from 'react'

import { ArrowLeftIcon } from '@/components/icons'
import { chatAtom, closeChatAtom, selectContactAtom, syncChatAtom } from '@/features/chat/atoms'
import { Conversation } from '@/features/chat/components/conversation'
import { ConversationTitle } from '@/features/chat/components/conversation-title'
import { MyStatus } from '@/features/chat/components/my-status'
import { ContactDirectory, ContactStrip } from '@/features/chat/components/panel-lists'
import { useNewMessageToasts } from '@/features/chat/components/use-new-message-toasts'
import type { ThemeId } from '@/data/settings'

import { chatPanelOpenAtom } from './atoms'
import { ThemeScope } from './theme'
import { useIsLargeScreen } from './use-media'

/** Spec section 9. */
export const CHAT_STRIP_WIDTH = 70
export const CHAT_PANE_WIDTH = 360

/**
 * Team Chat, the shell's layout over the chat pieces (features/chat): the 70 px contact strip (large screens; on small screens it comes with the open
 * pane) and the 360 px conversation pane. Selecting a contact opens the panel, loads the chat,
 * sets the selected contact and scrolls the contact list to top; closing removes the selected
 * contact and clears the chat. Esc and a click outside close the pane.
 */
export function ChatPanel({ showStrip, theme }: { showStrip: boolean; theme: ThemeId }) {
  const [open, setOpen] = useAtom(chatPanelOpenAtom)
  const state = useAtomValue(chatAtom)
  const select = useSetAtom(selectContactAtom)
  const close = useSetAtom(closeChatAtom)
  const retry = useSetAtom(syncChatAtom)
  const large = useIsLargeScreen()
  const strip = (showStrip && large) || open
  const rootRef = useRef<HTMLDivElement>(null)
  const listRef = useRef<HTMLDivElement>(null)

  useEffect(() => {
    if (!open) {
      close()
      return
    }
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
  }, [open, setOpen, close])

  const onSelect = (id: number) => {
    setOpen(true)
    void select(id)
    if (listRef.current) listRef.current.scrollTop = 0
  }
  useNewMessageToasts(onSelect)

  if (!strip && !open) return null
  const contact = state.contacts.find((c) => c.id === state.selectedContactId)

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
          <ContactStrip listRef={listRef} open={open} onToggle={() => setOpen(!open)} onSelect={onSelect} />
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
        <Flex align="center" justify="space-between" gap="3" h="16" px="4" borderBottomWidth="1px" borderColor="border.muted" flexShrink={0}>
          {contact ? (
            <Flex align="center" gap="3" minW="0" data-testid="chat-contact-header">
              <IconButton aria-label="Back to the list of people" title="Back to the list of people" variant="ghost" size="xs" ms="-2" onClick={() => close()} data-testid="chat-back">
                <ArrowLeftIcon />
              </IconButton>
              <ConversationTitle contact={contact} look="panel" />
            </Flex>
          ) : (
            <Heading as="h2" size="md">
              Team Chat
            </Heading>
          )}
          <CloseButton size="sm" aria-label="Close Team Chat" onClick={() => setOpen(false)} data-testid="chat-panel-close" />
        </Flex>
        <MyStatus />
        {state.selectedContactId !== null ? (
          <Conversation contact={contact} look="panel" />
        ) : (
          <>
            {state.status === 'error' && (
              <Box px="4" pt="3" data-testid="chat-load-error">
                <Text fontSize="sm" color="fg.error" mb="2">
                  Could not load the contacts: {state.error}
                </Text>
                <Button size="xs" variant="outline" onClick={() => void retry()}>
                  Try again
                </Button>
              </Box>
            )}
            <ContactDirectory onSelect={onSelect} />
          </>
        )}
      </ThemeScope>
    </Box>
  )
}
