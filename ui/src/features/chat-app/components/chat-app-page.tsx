import {
  Avatar,
  Badge,
  Box,
  Button,
  chakra,
  CloseButton,
  Flex,
  Heading,
  HStack,
  IconButton,
  Input,
  InputGroup,
  Menu,
  Portal,
  Spinner,
  Stack,
  Text,
  Textarea,
  useBreakpointValue,
} from '@chakra-ui/react'
import { useAtomValue, useSetAtom } from 'jotai'
import { Fragment, useEffect, useMemo, useRef, useState, type FormEvent } from 'react'

import { OlderMessages } from '@/components/chat-older-messages'
import { useChatHistoryScroll } from '@/hooks/use-chat-history-scroll'
import { errorMessage } from '@/data/client'
import {
  chatAtom,
  chatSectionsAtom,
  closeChatAtom,
  groupDialog,
  isBlankMessage,
  PRESENCE,
  PRESENCE_STATUSES,
  selectContactAtom,
  sendMessageAtom,
  sendTyping,
  syncChatAtom,
  typingIn,
  updateMyChatDataAtom,
  type ChatContact,
  type PresenceStatus,
} from '@/lib/chat'
import { formatMessageTime } from '@/lib/format'

import { dayLabel, daySeparators, listTime, searchContacts } from '../chat-utils'

function Icon({ d, size = 18 }: { d: string[]; size?: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      {d.map((p) => (
        <path key={p} d={p} />
      ))}
    </svg>
  )
}
const SEND = ['M22 2L11 13', 'M22 2l-7 20-4-9-9-4 20-7z']
const BACK = ['M19 12H5', 'M12 19l-7-7 7-7']
const INFO = ['M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20z', 'M12 16v-4', 'M12 8h.01']
const SEARCH = ['M11 19a8 8 0 1 0 0-16 8 8 0 0 0 0 16z', 'M21 21l-4.3-4.3']
const CHAT = ['M21 11.5a8.4 8.4 0 0 1-9 8.4 8.5 8.5 0 0 1-3.8-.9L3 21l1.9-5.2A8.4 8.4 0 0 1 12 3a8.4 8.4 0 0 1 9 8.5z']

function Person({ name, avatar, status, size = 'md' }: { name: string; avatar: string | null; status: PresenceStatus; size?: 'sm' | 'md' | 'lg' | '2xl' }) {
  const dot = size === '2xl' ? '5' : size === 'lg' ? '4' : '3'
  return (
    <Box position="relative" flexShrink={0}>
      <Avatar.Root size={size} colorPalette="brand">
        <Avatar.Fallback name={name} />
        {avatar && <Avatar.Image src={avatar} alt="" />}
      </Avatar.Root>
      <Box
        position="absolute"
        bottom="0"
        insetInlineEnd="0"
        boxSize={dot}
        borderRadius="full"
        bg={PRESENCE[status].color}
        borderWidth="2px"
        borderColor="bg.panel"
        title={PRESENCE[status].label}
        data-status={status}
      />
    </Box>
  )
}

/** The user's own card: status menu and mood. */
function Me() {
  const state = useAtomValue(chatAtom)
  const update = useSetAtom(updateMyChatDataAtom)
  const [editing, setEditing] = useState(false)
  const [mood, setMood] = useState('')
  const user = state.user
  if (!user) return <Box h="14" />
  return (
    <Flex gap="3" align="center" data-testid="chatapp-me">
      <Menu.Root>
        <Menu.Trigger asChild>
          <chakra.button aria-label={`Your status: ${PRESENCE[user.status].label}`} data-testid="chatapp-status" data-status={user.status}>
            <Person name={user.name} avatar={user.avatar} status={user.status} size="lg" />
          </chakra.button>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content>
              <Menu.RadioItemGroup value={user.status} onValueChange={(d) => void update({ status: d.value as PresenceStatus })}>
                <Menu.ItemGroupLabel>Your status</Menu.ItemGroupLabel>
                {PRESENCE_STATUSES.map((s) => (
                  <Menu.RadioItem key={s} value={s} data-testid={`chatapp-status-${s}`}>
                    <Box boxSize="2.5" borderRadius="full" bg={PRESENCE[s].color} />
                    {PRESENCE[s].label}
                    <Menu.ItemIndicator />
                  </Menu.RadioItem>
                ))}
              </Menu.RadioItemGroup>
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
      <Box flex="1" minW="0">
        <Text fontWeight="semibold" truncate>
          {user.name}
        </Text>
        {editing ? (
          <chakra.form
            onSubmit={(e: FormEvent) => {
              e.preventDefault()
              void update({ mood: mood.trim() })
              setEditing(false)
            }}
          >
            <Input
              size="xs"
              autoFocus
              maxLength={120}
              value={mood}
              onChange={(e) => setMood(e.target.value)}
              onBlur={() => {
                if (mood.trim() !== user.mood) void update({ mood: mood.trim() })
                setEditing(false)
              }}
              placeholder="What are you up to?"
              aria-label="Your mood"
              data-testid="chatapp-mood-input"
            />
          </chakra.form>
        ) : (
          <chakra.button
            textAlign="start"
            fontSize="xs"
            color="fg.muted"
            w="full"
            truncate
            _hover={{ color: 'fg' }}
            onClick={() => {
              setMood(user.mood)
              setEditing(true)
            }}
            data-testid="chatapp-mood"
          >
            {user.mood || 'Set a mood…'}
          </chakra.button>
        )}
      </Box>
    </Flex>
  )
}

function ContactRow({ contact, time, selected, onSelect }: { contact: ChatContact; time: string; selected: boolean; onSelect: () => void }) {
  return (
    <chakra.button
      type="button"
      display="flex"
      alignItems="center"
      gap="3"
      w="full"
      px="4"
      py="2.5"
      textAlign="start"
      bg={selected ? 'brand.muted' : 'transparent'}
      _hover={{ bg: selected ? 'brand.muted' : 'bg.muted' }}
      onClick={onSelect}
      aria-pressed={selected}
      data-testid={`chatapp-contact-${contact.id}`}
      data-unread={contact.unread}
    >
      <Person name={contact.name} avatar={contact.avatar} status={contact.status} />
      <Box flex="1" minW="0">
        <Flex align="baseline" gap="2">
          <Text flex="1" fontSize="sm" fontWeight={contact.unread ? 'bold' : 'medium'} truncate>
            {contact.name}
          </Text>
          {time && (
            <Text fontSize="2xs" color={contact.unread ? 'brand.fg' : 'fg.subtle'} flexShrink={0}>
              {time}
            </Text>
          )}
        </Flex>
        <Flex align="center" gap="2">
          <Text flex="1" fontSize="xs" color="fg.muted" truncate>
            {contact.mood || PRESENCE[contact.status].label}
          </Text>
          {contact.unread > 0 && (
            <Badge size="xs" colorPalette="brand" variant="solid" borderRadius="full" data-testid={`chatapp-contact-${contact.id}-unread`}>
              {contact.unread}
            </Badge>
          )}
        </Flex>
      </Box>
    </chakra.button>
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
        <Me />
        <InputGroup startElement={<Icon d={SEARCH} size={16} />}>
          <Input size="sm" borderRadius="full" placeholder="Search or start a new chat" aria-label="Search contacts" value={query} onChange={(e) => setQuery(e.target.value)} data-testid="chatapp-search" />
        </InputGroup>
      </Stack>
      <Box flex="1" minH="0" overflowY="auto">
        {state.status === 'loading' && state.contacts.length === 0 && (
          <Flex justify="center" py="6">
            <Spinner color="brand.solid" />
          </Flex>
        )}
        {foundChats.length > 0 && (
          <Box py="2" data-testid="chatapp-chats">
            <Text px="4" py="1" fontSize="xs" fontWeight="semibold" color="brand.fg" textTransform="uppercase" letterSpacing="wider">
              Chats
            </Text>
            {foundChats.map((c) => (
              <ContactRow key={c.id} contact={c} time={listTime(entries.get(c.id))} selected={state.selectedContactId === c.id} onSelect={() => onSelect(c.id)} />
            ))}
          </Box>
        )}
        {foundOthers.length > 0 && (
          <Box py="2" data-testid="chatapp-contacts">
            <Text px="4" py="1" fontSize="xs" fontWeight="semibold" color="brand.fg" textTransform="uppercase" letterSpacing="wider">
              Contacts
            </Text>
            {foundOthers.map((c) => (
              <ContactRow key={c.id} contact={c} time="" selected={state.selectedContactId === c.id} onSelect={() => onSelect(c.id)} />
            ))}
          </Box>
        )}
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

function Composer({ chatId }: { chatId: string }) {
  const send = useSetAtom(sendMessageAtom)
  const [text, setText] = useState('')
  const [sending, setSending] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const ref = useRef<HTMLTextAreaElement>(null)
  const blank = isBlankMessage(text) // zero-width characters only count as empty too
  const submit = async () => {
    if (blank || sending) return
    setSending(true)
    setError(null)
    try {
      if (await send(text)) setText('')
    } catch (e) {
      setError(errorMessage(e))
    } finally {
      setSending(false)
      ref.current?.focus()
    }
  }
  return (
    <Box px={{ base: '3', md: '5' }} pt="3" pb={{ base: '8', md: '3' }} borderTopWidth="1px" borderColor="border.muted" bg="bg.panel">
      <Flex gap="2" align="flex-end">
        <Textarea
          ref={ref}
          autoresize
          rows={1}
          maxH="40"
          flex="1"
          borderRadius="xl"
          placeholder="Type your message"
          aria-label="Type your message"
          maxLength={4000}
          value={text}
          onChange={(e) => {
            setText(e.target.value)
            if (!isBlankMessage(e.target.value)) sendTyping(chatId)
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault()
              void submit()
            }
          }}
          data-testid="chatapp-input"
        />
        <IconButton aria-label="Send" colorPalette="brand" borderRadius="full" disabled={blank} loading={sending} onClick={() => void submit()} data-testid="chatapp-send">
          <Icon d={SEND} />
        </IconButton>
      </Flex>
      {error && (
        <Text role="alert" fontSize="xs" color="fg.error" mt="1.5" data-testid="chatapp-send-error">
          Message not sent: {error}
        </Text>
      )}
    </Box>
  )
}

function Messages({ contact }: { contact: ChatContact | undefined }) {
  const state = useAtomValue(chatAtom)
  const [now, setNow] = useState(() => Date.now())
  const typing = typingIn(state, now)
  const until = state.chat ? (state.typing[state.chat.id]?.until ?? 0) : 0
  const ref = useRef<HTMLDivElement>(null)
  const chat = state.chat
  const count = chat?.dialog.length ?? 0
  useEffect(() => {
    const timer = setTimeout(() => setNow(Date.now()), Math.max(0, until - Date.now()) + 20)
    return () => clearTimeout(timer)
  }, [until])
  // At the newest message (and the typing line in view); older pages load as the reader scrolls up.
  const { onScroll } = useChatHistoryScroll(ref, typing)
  if (!chat) return null
  const separators = daySeparators(chat.dialog)
  const me = state.user?.id ?? null
  return (
    <Box
      ref={ref}
      flex="1"
      minH="0"
      overflowY="auto"
      px={{ base: '3', md: '6' }}
      py="4"
      style={{ overflowAnchor: 'none' }}
      onScroll={onScroll}
      data-testid="chatapp-messages"
      aria-live="polite"
    >
      <OlderMessages chat={chat} testPrefix="chatapp" />
      {count === 0 ? (
        <Flex h="full" direction="column" align="center" justify="center" gap="3" color="fg.muted" textAlign="center">
          <Icon d={CHAT} size={32} />
          <Text data-testid="chatapp-conversation-empty">Start a conversation by typing your message below.</Text>
        </Flex>
      ) : (
        groupDialog(chat.dialog, me).map(({ message, mine, first, last }) => (
          <Fragment key={message.id}>
            {separators.has(message.id) && (
              <Flex align="center" gap="3" my="4">
                <Box flex="1" borderTopWidth="1px" borderColor="border.muted" />
                <Text fontSize="xs" color="fg.subtle" fontWeight="medium">
                  {dayLabel(message.time)}
                </Text>
                <Box flex="1" borderTopWidth="1px" borderColor="border.muted" />
              </Flex>
            )}
            <Flex justify={mine ? 'flex-end' : 'flex-start'} align="flex-end" gap="2" mt={first ? '3' : '0.5'} data-testid={`chatapp-message-${message.id}`} data-mine={mine || undefined}>
              {!mine && <Box w="8" flexShrink={0}>{last && contact && <Person name={contact.name} avatar={contact.avatar} status={contact.status} size="sm" />}</Box>}
              <Box maxW={{ base: '80%', md: '65%' }} minW="0">
                <Box
                  px="3.5"
                  py="2"
                  fontSize="sm"
                  whiteSpace="pre-wrap"
                  overflowWrap="anywhere"
                  bg={mine ? 'brand.solid' : 'bg.muted'}
                  color={mine ? 'brand.contrast' : 'fg'}
                  borderRadius="18px"
                  borderEndEndRadius={mine && !last ? '5px' : undefined}
                  borderStartEndRadius={mine && !first ? '5px' : undefined}
                  borderEndStartRadius={!mine && !last ? '5px' : undefined}
                  borderStartStartRadius={!mine && !first ? '5px' : undefined}
                  title={formatMessageTime(message.time)}
                >
                  {message.message}
                </Box>
                {last && (
                  <Text fontSize="2xs" color="fg.subtle" mt="1" textAlign={mine ? 'end' : 'start'}>
                    {formatMessageTime(message.time)}
                  </Text>
                )}
              </Box>
            </Flex>
          </Fragment>
        ))
      )}
      {typing && (
        <Text fontSize="xs" color="fg.muted" fontStyle="italic" mt="2" data-testid="chatapp-typing">
          {contact?.name ?? 'Your contact'} is typing…
        </Text>
      )}
    </Box>
  )
}

function ContactDetails({ contact, onClose }: { contact: ChatContact; onClose: () => void }) {
  return (
    <Stack gap="5" p="6" align="center" textAlign="center" data-testid="chatapp-details">
      <Flex w="full" justify="flex-end">
        <CloseButton size="sm" aria-label="Close contact details" onClick={onClose} />
      </Flex>
      <Person name={contact.name} avatar={contact.avatar} status={contact.status} size="2xl" />
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

/** /apps/chat: the Team Chat as a full page, sharing the panel's live state (lib/chat.ts). */
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
                <Icon d={CHAT} size={36} />
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
                    <Icon d={BACK} />
                  </IconButton>
                )}
                {contact && <Person name={contact.name} avatar={contact.avatar} status={contact.status} />}
                <Box flex="1" minW="0">
                  <Text fontWeight="semibold" truncate data-testid="chatapp-contact-name">
                    {contact?.name ?? ''}
                  </Text>
                  <Text fontSize="xs" color="fg.muted" truncate>
                    {contact ? contact.mood || PRESENCE[contact.status].label : ''}
                  </Text>
                </Box>
                <IconButton size="sm" variant={details ? 'subtle' : 'ghost'} aria-label="Contact details" aria-pressed={details} onClick={() => setDetails((v) => !v)} data-testid="chatapp-details-toggle">
                  <Icon d={INFO} />
                </IconButton>
              </Flex>
              {state.chatStatus === 'error' ? (
                <Flex flex="1" direction="column" align="center" justify="center" gap="3" px="8" textAlign="center">
                  <Text color="fg.error">Could not open this conversation: {state.chatError}</Text>
                  <Button size="sm" variant="outline" onClick={() => state.selectedContactId !== null && void select(state.selectedContactId)}>
                    Try again
                  </Button>
                </Flex>
              ) : !state.chat ? (
                <Flex flex="1" align="center" justify="center">
                  <Spinner color="brand.solid" />
                </Flex>
              ) : (
                <>
                  <Messages contact={contact} />
                  <Composer key={state.chat.id} chatId={state.chat.id} />
                </>
              )}
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
