import { Box, Button, chakra, Flex, IconButton, Spinner, Text, Textarea } from '@chakra-ui/react'
import { useAtomValue, useSetAtom } from 'jotai'
import { useEffect, useRef, useState, type FormEvent } from 'react'

import { OlderMessages } from '@/components/chat-older-messages'
import { ChatIcon, SendIcon } from '@/components/icons'
import { useChatHistoryScroll } from '@/hooks/use-chat-history-scroll'
import { errorMessage } from '@/data/client'
import {
  chatAtom,
  groupDialog,
  isBlankMessage,
  selectContactAtom,
  sendMessageAtom,
  sendTyping,
  typingIn,
  type ChatContact,
  type GroupedMessage,
} from '@/lib/chat'
import { formatMessageTime } from '@/lib/format'

import { PresenceAvatar } from './chat-parts'

function Bubble({ item, contact }: { item: GroupedMessage; contact: ChatContact | undefined }) {
  const { message, mine, first, last } = item
  const time = formatMessageTime(message.time)
  // Rounded on the outside of a group, tighter between messages of the same sender.
  const big = '18px'
  const small = '5px'
  const radius = mine
    ? { borderStartStartRadius: big, borderEndStartRadius: big, borderStartEndRadius: first ? big : small, borderEndEndRadius: last ? big : small }
    : { borderStartEndRadius: big, borderEndEndRadius: big, borderStartStartRadius: first ? big : small, borderEndStartRadius: last ? big : small }
  return (
    <Flex
      justify={mine ? 'flex-end' : 'flex-start'}
      align="flex-end"
      gap="2"
      mt={first ? '3' : '0.5'}
      data-testid={`chat-message-${message.id}`}
      data-who={message.who}
      data-mine={mine || undefined}
      data-first={first || undefined}
      data-last={last || undefined}
    >
      {!mine && (
        <Box w="8" flexShrink={0}>
          {last && contact && <PresenceAvatar name={contact.name} avatar={contact.avatar} status={contact.status} size="sm" />}
        </Box>
      )}
      <Box maxW="75%" minW="0">
        <Box
          px="3"
          py="2"
          bg={mine ? 'brand.solid' : 'bg.muted'}
          color={mine ? 'brand.contrast' : 'fg'}
          fontSize="sm"
          whiteSpace="pre-wrap"
          overflowWrap="anywhere"
          title={time}
          {...radius}
        >
          {message.message}
        </Box>
        {last && (
          <Text fontSize="2xs" color="fg.subtle" mt="1" textAlign={mine ? 'end' : 'start'} data-testid={`chat-message-time-${message.id}`}>
            {time}
          </Text>
        )}
      </Box>
    </Flex>
  )
}

/** Re-renders when the typing indicator should go away. */
function useTyping(): { userId: number } | null {
  const state = useAtomValue(chatAtom)
  const [now, setNow] = useState(() => Date.now())
  const typing = typingIn(state, now)
  const until = state.chat ? state.typing[state.chat.id]?.until ?? 0 : 0
  useEffect(() => {
    const delay = until - Date.now()
    // A new typing push (or its end) re-reads the clock.
    const timer = setTimeout(() => setNow(Date.now()), Math.max(0, delay) + 20)
    return () => clearTimeout(timer)
  }, [until])
  return typing
}

function Composer({ chatId }: { chatId: string }) {
  const send = useSetAtom(sendMessageAtom)
  const [text, setText] = useState('')
  const [sending, setSending] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const inputRef = useRef<HTMLTextAreaElement>(null)
  const empty = isBlankMessage(text) // zero-width characters only count as empty too

  const submit = async (e?: FormEvent) => {
    e?.preventDefault()
    if (empty || sending) return
    setSending(true)
    setError(null)
    try {
      if (await send(text)) setText('')
    } catch (err) {
      setError(errorMessage(err))
    } finally {
      setSending(false)
      inputRef.current?.focus()
    }
  }

  return (
    <chakra.form onSubmit={submit} px="3" py="3" borderTopWidth="1px" borderColor="border.muted" flexShrink={0} data-testid="chat-composer">
      <Flex gap="2" align="flex-end">
        <Textarea
          ref={inputRef}
          autoresize
          rows={1}
          maxH="32"
          size="sm"
          flex="1"
          placeholder="Type your message"
          aria-label="Type your message"
          maxLength={4000}
          value={text}
          onChange={(e) => {
            setText(e.target.value)
            if (error) setError(null)
            if (!isBlankMessage(e.target.value)) sendTyping(chatId)
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault()
              void submit()
            }
          }}
          data-testid="chat-input"
        />
        <IconButton type="submit" aria-label="Send" colorPalette="brand" size="sm" borderRadius="full" disabled={empty} loading={sending} data-testid="chat-send">
          <SendIcon />
        </IconButton>
      </Flex>
      {error && (
        <Text role="alert" fontSize="xs" color="fg.error" mt="1.5" data-testid="chat-send-error">
          Message not sent: {error}
        </Text>
      )}
    </chakra.form>
  )
}

/** The open conversation: messages grouped by sender, the typing indicator and the composer. */
export function Conversation({ contact }: { contact: ChatContact | undefined }) {
  const state = useAtomValue(chatAtom)
  const select = useSetAtom(selectContactAtom)
  const typing = useTyping()
  const scrollRef = useRef<HTMLDivElement>(null)
  const chat = state.chat
  const me = state.user?.id ?? null
  const count = chat?.dialog.length ?? 0
  // At the newest message (and the typing line in view); older pages load as the reader scrolls up.
  const { onScroll } = useChatHistoryScroll(scrollRef, typing)

  if (state.chatStatus === 'error') {
    return (
      <Flex flex="1" direction="column" align="center" justify="center" gap="3" px="8" textAlign="center" data-testid="chat-error">
        <Text color="fg.error">Could not open this conversation: {state.chatError}</Text>
        {state.selectedContactId !== null && (
          <Button size="sm" variant="outline" onClick={() => void select(state.selectedContactId!)}>
            Try again
          </Button>
        )}
      </Flex>
    )
  }
  if (!chat) {
    return (
      <Flex flex="1" align="center" justify="center" data-testid="chat-loading">
        <Spinner color="brand.solid" />
      </Flex>
    )
  }
  return (
    <>
      <Box
        ref={scrollRef}
        flex="1"
        minH="0"
        overflowY="auto"
        px="3"
        pb="3"
        style={{ overflowAnchor: 'none' }}
        onScroll={onScroll}
        data-testid="chat-messages"
        aria-live="polite"
      >
        <OlderMessages chat={chat} testPrefix="chat" />
        {count === 0 ? (
          <Flex h="full" direction="column" align="center" justify="center" gap="4" px="6" textAlign="center">
            <Flex boxSize="14" borderRadius="full" align="center" justify="center" bg="bg.muted" color="fg.subtle">
              <ChatIcon boxSize="6" />
            </Flex>
            <Text color="fg.muted" data-testid="chat-conversation-empty">
              Start a conversation by typing your message below.
            </Text>
          </Flex>
        ) : (
          groupDialog(chat.dialog, me).map((item) => <Bubble key={item.message.id} item={item} contact={contact} />)
        )}
      </Box>
      {typing && (
        <Text fontSize="xs" color="fg.muted" px="4" pb="1" fontStyle="italic" data-testid="chat-typing">
          {contact?.name ?? 'Your contact'} is typing…
        </Text>
      )}
      <Composer key={chat.id} chatId={chat.id} />
    </>
  )
}
