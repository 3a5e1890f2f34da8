import { Box, Button, CloseButton, Flex, Heading, IconButton, Input, InputGroup, Spinner, Text } from '@chakra-ui/react'
import { useAtom, useAtomValue, useSetAtom, useStore } from 'jotai'
import { useEffect, useMemo, useRef, useState, type RefObject } from 'react'

import { ArrowLeftIcon, ChatIcon, SearchIcon } from '@/components/icons'
import { chatAtom, chatSectionsAtom, closeChatAtom, incomingMessageAtom, PRESENCE, searchContacts, selectContactAtom, syncChatAtom } from '@/lib/chat'
import { showMessage } from '@/lib/snackbar'
import type { ThemeId } from '@/data/settings'

import { chatPanelOpenAtom } from './atoms'
import { Conversation } from './chat-conversation'
import { ContactButton, ContactRow, MyStatus, PresenceAvatar, PresenceLegend } from './chat-parts'
import { ThemeScope } from './theme'
import { useIsLargeScreen } from './use-media'

/** Spec section 9. */
export const CHAT_STRIP_WIDTH = 70
export const CHAT_PANE_WIDTH = 360

/** The contact strip: contacts with chats first, a divider, then the other contacts. */
function ContactStrip({ listRef, open, onToggle, onSelect }: { listRef: RefObject<HTMLDivElement | null>; open: boolean; onToggle: () => void; onSelect: (id: number) => void }) {
  const state = useAtomValue(chatAtom)
  const { chats, others } = useAtomValue(chatSectionsAtom)
  const selected = state.selectedContactId
  return (
    <>
      <IconButton
        aria-label={open ? 'Close Team Chat' : 'Open Team Chat'}
        aria-expanded={open}
        variant={open ? 'subtle' : 'ghost'}
        colorPalette="brand"
        onClick={onToggle}
        flexShrink={0}
        data-testid="chat-strip-toggle"
      >
        <ChatIcon />
      </IconButton>
      <Box w="8" borderTopWidth="1px" borderColor="border.muted" flexShrink={0} />
      <Box ref={listRef} flex="1" w="full" overflowY="auto" overflowX="hidden" aria-label="Contacts" data-testid="chat-contacts" css={{ scrollbarWidth: 'none' }}>
        {state.status === 'loading' && state.contacts.length === 0 && (
          <Flex justify="center" py="4">
            <Spinner size="sm" color="fg.subtle" />
          </Flex>
        )}
        {chats.map((c) => (
          <ContactButton key={c.id} contact={c} selected={c.id === selected} onSelect={() => onSelect(c.id)} />
        ))}
        {chats.length > 0 && others.length > 0 && <Box mx="4" my="2" borderTopWidth="1px" borderColor="border.emphasized" role="separator" data-testid="chat-divider" />}
        {others.map((c) => (
          <ContactButton key={c.id} contact={c} selected={c.id === selected} onSelect={() => onSelect(c.id)} />
        ))}
      </Box>
    </>
  )
}

function ListHeading({ children }: { children: string }) {
  return (
    <Text px="4" pt="3" pb="1" fontSize="xs" fontWeight="semibold" letterSpacing="wider" textTransform="uppercase" color="fg.subtle">
      {children}
    </Text>
  )
}

/** The pane's list of people: search by name, recent conversations first (newest first), then everyone. */
function ContactDirectory({ onSelect }: { onSelect: (id: number) => void }) {
  const sections = useAtomValue(chatSectionsAtom)
  const [query, setQuery] = useState('')
  const { chats, others } = useMemo(() => searchContacts(sections, query), [sections, query])
  return (
    <Flex direction="column" flex="1" minH="0">
      <Box px="3" pt="3" flexShrink={0}>
        <InputGroup startElement={<SearchIcon boxSize="4" color="fg.subtle" />}>
          <Input
            size="sm"
            type="search"
            placeholder="Search people by name"
            aria-label="Search people by name"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            data-testid="chat-search"
          />
        </InputGroup>
        <Text fontSize="xs" color="fg.muted" mt="2" data-testid="chat-panel-empty">
          Select a contact to start a conversation.
        </Text>
      </Box>
      <Box flex="1" minH="0" overflowY="auto" data-testid="chat-directory">
        {chats.length > 0 && <ListHeading>Recent conversations</ListHeading>}
        {chats.map((c) => (
          <ContactRow key={c.id} contact={c} onSelect={() => onSelect(c.id)} />
        ))}
        {others.length > 0 && <ListHeading>{chats.length > 0 ? 'Everyone else' : 'Everyone'}</ListHeading>}
        {others.map((c) => (
          <ContactRow key={c.id} contact={c} onSelect={() => onSelect(c.id)} />
        ))}
        {query.trim() && chats.length + others.length === 0 && (
          <Text px="4" py="6" fontSize="sm" color="fg.muted" textAlign="center" data-testid="chat-search-empty">
            Nobody’s name matches “{query.trim()}”.
          </Text>
        )}
      </Box>
      <Box py="3" borderTopWidth="1px" borderColor="border.muted" flexShrink={0}>
        <PresenceLegend />
      </Box>
    </Flex>
  )
}

/** A toast for a message that did not land in the open conversation (the panel is closed, or shows someone else). */
function useNewMessageToasts(onOpen: (contactId: number) => void) {
  const incoming = useAtomValue(incomingMessageAtom)
  const store = useStore()
  const shown = useRef<number | null>(null)
  useEffect(() => {
    if (!incoming || shown.current === incoming.message.id) return
    shown.current = incoming.message.id
    const now = store.get(chatAtom)
    if (now.user?.status === 'do-not-disturb') return
    const name = now.contacts.find((c) => c.id === incoming.contactId)?.name ?? 'A colleague'
    const text = incoming.message.message.length > 140 ? `${incoming.message.message.slice(0, 140)}…` : incoming.message.message
    showMessage(text, 'info', { title: `New message from ${name}`, action: { label: 'Open', onClick: () => onOpen(incoming.contactId) } })
  }, [incoming, store, onOpen])
}

/**
 * Team Chat: the 70 px contact strip (large screens; on small screens it comes with the open
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
              <PresenceAvatar name={contact.name} avatar={contact.avatar} status={contact.status} size="sm" />
              <Box minW="0">
                <Text fontWeight="semibold" truncate data-testid="chat-contact-name">
                  {contact.name}
                </Text>
                <Text fontSize="xs" color="fg.muted" truncate data-testid="chat-contact-status" data-status={contact.status}>
                  {PRESENCE[contact.status].label}
                  {contact.mood ? ` · ${contact.mood}` : ''}
                </Text>
              </Box>
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
          <Conversation contact={contact} />
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
