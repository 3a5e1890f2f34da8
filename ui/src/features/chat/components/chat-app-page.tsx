import { Box, Button, CloseButton, Flex, Heading, HStack, IconButton, Input, InputGroup, Spinner, Stack, Text, useBreakpointValue } from '@chakra-ui/react'
import { useAtomValue, useSetAtom } from 'jotai'
import { useMemo, useState } from 'react'

import { ArrowLeftIcon, ChatIcon, InfoIcon, SearchIcon } from '@/components/icons'

import { listTime, searchContacts } from '../app-helpers'
import { chatAtom, chatSectionsAtom, closeChatAtom, selectContactAtom, syncChatAtom } from '../atoms'
import { PRESENCE, type ChatContact } from '../types'
import { Conversation } from './conversation'
import { ConversationTitle } from './conversation-title'
import { MyCard } from './my-status'
import { ChatListRow } from './people'
import { PresenceAvatar } from './presence'

/** One titled group of the sidebar's list (nothing when empty). */
function ListSection({
  title,
  testId,
  contacts,
  time,
  selectedId,
  onSelect,
}: {
  title: string
  testId: string
  contacts: ChatContact[]
  time: (contact: ChatContact) => string
  selectedId: number | null
  onSelect: (id: number) => void
}) {
  if (contacts.length === 0) return null
  return (
    <Box py="2" data-testid={testId}>
      <Text px="4" py="1" fontSize="xs" fontWeight="semibold" color="brand.fg" textTransform="uppercase" letterSpacing="wider">
        {title}
      </Text>
      {contacts.map((c) => (
        <ChatListRow key={c.id} contact={c} time={time(c)} selected={selectedId === c.id} onSelect={() => onSelect(c.id)} />
      ))}
    </Box>
  )
}

function Sidebar({ onSelect }: { onSelect: (id: number) => void }) {
  const state = useAtomValue(chatAtom)
  const { chats, others } = useAtomValue(chatSectionsAtom)
  const [query, setQuery] = useState('')
  const entries = useMemo(() => new Map((state.user?.chatList ?? []).map((e) => [e.contactId, e])), [state.user])
  const foundChats = searchContacts(chats, query)
  const foundOthers = searchContacts(others, query)
  return (
    <Flex direction="column" h="full" minH="0" data-testid="chatapp-sidebar">
      <Stack gap="4" p="4" borderBottomWidth="1px" borderColor="border.muted">
        <MyCard />
        <InputGroup startElement={<SearchIcon boxSize="4" />}>
          <Input size="sm" borderRadius="full" placeholder="Search or start a new chat" aria-label="Search contacts" value={query} onChange={(e) => setQuery(e.target.value)} data-testid="chatapp-search" />
        </InputGroup>
      </Stack>
      <Box flex="1" minH="0" overflowY="auto">
        {state.status === 'loading' && state.contacts.length === 0 && (
          <Flex justify="center" py="6">
            <Spinner color="brand.solid" />
          </Flex>
        )}
        <ListSection title="Chats" testId="chatapp-chats" contacts={foundChats} time={(c) => listTime(entries.get(c.id))} selectedId={state.selectedContactId} onSelect={onSelect} />
        <ListSection title="Contacts" testId="chatapp-contacts" contacts={foundOthers} time={() => ''} selectedId={state.selectedContactId} onSelect={onSelect} />
        {state.status === 'ready' && foundChats.length === 0 && foundOthers.length === 0 && (
          <Text px="4" py="6" fontSize="sm" color="fg.muted" textAlign="center" data-testid="chatapp-no-results">
            {query ? `No contact matches “${query}”.` : 'No other staff member yet.'}
          </Text>
        )}
        {state.status === 'error' && (
          <Text px="4" py="6" fontSize="sm" color="fg.error" textAlign="center">
            {state.error}
          </Text>
        )}
      </Box>
    </Flex>
  )
}

function ContactDetails({ contact, onClose }: { contact: ChatContact; onClose: () => void }) {
  return (
    <Stack gap="5" p="6" align="center" textAlign="center" data-testid="chatapp-details">
      <Flex w="full" justify="flex-end">
        <CloseButton size="sm" aria-label="Close contact details" onClick={onClose} />
      </Flex>
      <PresenceAvatar name={contact.name} avatar={contact.avatar} status={contact.status} size="2xl" look="app" />
      <Box>
        <Heading as="h3" size="md">
          {contact.name}
        </Heading>
        {contact.role && (
          <Text fontSize="sm" color="fg.muted" textTransform="capitalize">
            {contact.role}
          </Text>
        )}
      </Box>
      <HStack gap="2">
        <Box boxSize="2.5" borderRadius="full" bg={PRESENCE[contact.status].color} />
        <Text fontSize="sm" data-testid="chatapp-details-status">
          {PRESENCE[contact.status].label}
        </Text>
      </HStack>
      <Box w="full" textAlign="start" borderTopWidth="1px" borderColor="border.muted" pt="4">
        <Text fontSize="xs" color="fg.muted" mb="1">
          Mood
        </Text>
        <Text fontSize="sm" data-testid="chatapp-details-mood">
          {contact.mood || '—'}
        </Text>
      </Box>
    </Stack>
  )
}

/** /apps/chat: the Team Chat as a full page, the chat app's layout over the chat pieces the Team Chat panel uses too (one live state: atoms.ts). */
export default function ChatAppPage() {
  const state = useAtomValue(chatAtom)
  const select = useSetAtom(selectContactAtom)
  const close = useSetAtom(closeChatAtom)
  const retry = useSetAtom(syncChatAtom)
  const [details, setDetails] = useState(false)
  const wide = useBreakpointValue({ base: false, md: true }) ?? false
  const xl = useBreakpointValue({ base: false, xl: true }) ?? false
  const contact = state.contacts.find((c) => c.id === state.selectedContactId)
  const selected = state.selectedContactId !== null

  const pick = (id: number) => {
    if (id !== state.selectedContactId) void select(id)
  }

  return (
    <Flex h="calc(100dvh - 7rem)" minH="480px" data-testid="chatapp-page">
      {(wide || !selected) && (
        <Box w={{ base: 'full', md: '80', lg: '96' }} flexShrink={0} borderEndWidth="1px" borderColor="border.muted" bg="bg.panel">
          <Sidebar onSelect={pick} />
        </Box>
      )}
      {(wide || selected) && (
        <Flex direction="column" flex="1" minW="0" bg="bg">
          {!selected ? (
            <Flex flex="1" direction="column" align="center" justify="center" gap="4" px="8" textAlign="center" data-testid="chatapp-empty">
              <Flex boxSize="20" borderRadius="full" bg="bg.muted" color="fg.subtle" align="center" justify="center">
                <ChatIcon boxSize="9" />
              </Flex>
              <Heading as="h2" size="lg">
                Team Chat
              </Heading>
              <Text color="fg.muted">Select a contact to start a conversation.</Text>
              {state.status === 'error' && (
                <Button size="sm" variant="outline" onClick={() => void retry()}>
                  Try again
                </Button>
              )}
            </Flex>
          ) : (
            <>
              <Flex align="center" gap="3" px={{ base: '2', md: '5' }} h="16" flexShrink={0} borderBottomWidth="1px" borderColor="border.muted" bg="bg.panel">
                {!wide && (
                  <IconButton size="sm" variant="ghost" aria-label="Back to the chats" onClick={() => close()} data-testid="chatapp-back">
                    <ArrowLeftIcon />
                  </IconButton>
                )}
                <ConversationTitle contact={contact} look="app" />
                <IconButton size="sm" variant={details ? 'subtle' : 'ghost'} aria-label="Contact details" aria-pressed={details} onClick={() => setDetails((v) => !v)} data-testid="chatapp-details-toggle">
                  <InfoIcon />
                </IconButton>
              </Flex>
              <Conversation contact={contact} look="app" />
            </>
          )}
        </Flex>
      )}
      {selected && details && contact && (
        <Box
          w={{ base: 'full', md: '80' }}
          flexShrink={0}
          borderStartWidth="1px"
          borderColor="border.muted"
          bg="bg.panel"
          position={xl ? 'relative' : 'absolute'}
          insetEnd={xl ? undefined : '0'}
          h={xl ? undefined : 'calc(100dvh - 7rem)'}
          zIndex={xl ? undefined : 'docked'}
          boxShadow={xl ? undefined : 'xl'}
        >
          <ContactDetails contact={contact} onClose={() => setDetails(false)} />
        </Box>
      )}
    </Flex>
  )
}
