/** The messages of the open conversation: older pages above, bubbles grouped by sender, the typing line. */
import { Box, Flex, Text } from '@chakra-ui/react'
import { Fragment, useRef } from 'react'

import { ChatIcon } from '@/components/icons'
import { formatMessageTime } from '@/lib/format'

import { dayLabel, daySeparators } from '../app-helpers'
import { groupDialog } from '../selectors'
import type { ChatContact, GroupedMessage, OpenChat } from '../types'
import { TEST_PREFIX, type ChatLook } from './look'
import { OlderMessages } from './older-messages'
import { PresenceAvatar } from './presence'
import { useChatHistoryScroll } from './use-chat-history-scroll'

function Bubble({ item, contact, look }: { item: GroupedMessage; contact: ChatContact | undefined; look: ChatLook }) {
  const { message, mine, first, last } = item
  const time = formatMessageTime(message.time)
  const prefix = TEST_PREFIX[look]
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
      data-testid={`${prefix}-message-${message.id}`}
      data-who={message.who}
      data-mine={mine || undefined}
      data-first={first || undefined}
      data-last={last || undefined}
    >
      {!mine && (
        <Box w="8" flexShrink={0}>
          {last && contact && <PresenceAvatar name={contact.name} avatar={contact.avatar} status={contact.status} size="sm" look={look} />}
        </Box>
      )}
      <Box maxW={look === 'panel' ? '75%' : { base: '80%', md: '65%' }} minW="0">
        <Box
          px={look === 'panel' ? '3' : '3.5'}
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
          <Text fontSize="2xs" color="fg.subtle" mt="1" textAlign={mine ? 'end' : 'start'} data-testid={`${prefix}-message-time-${message.id}`}>
            {time}
          </Text>
        )}
      </Box>
    </Flex>
  )
}

/** A new chat: an invitation to write the first message. */
function EmptyConversation({ look }: { look: ChatLook }) {
  const text = 'Start a conversation by typing your message below.'
  const testId = `${TEST_PREFIX[look]}-conversation-empty`
  if (look === 'app') {
    return (
      <Flex h="full" direction="column" align="center" justify="center" gap="3" color="fg.muted" textAlign="center">
        <ChatIcon boxSize="8" />
        <Text data-testid={testId}>{text}</Text>
      </Flex>
    )
  }
  return (
    <Flex h="full" direction="column" align="center" justify="center" gap="4" px="6" textAlign="center">
      <Flex boxSize="14" borderRadius="full" align="center" justify="center" bg="bg.muted" color="fg.subtle">
        <ChatIcon boxSize="6" />
      </Flex>
      <Text color="fg.muted" data-testid={testId}>
        {text}
      </Text>
    </Flex>
  )
}

/** The chat app marks where each day starts. */
function DaySeparator({ time }: { time: string }) {
  return (
    <Flex align="center" gap="3" my="4">
      <Box flex="1" borderTopWidth="1px" borderColor="border.muted" />
      <Text fontSize="xs" color="fg.subtle" fontWeight="medium">
        {dayLabel(time)}
      </Text>
      <Box flex="1" borderTopWidth="1px" borderColor="border.muted" />
    </Flex>
  )
}

/** Who is typing: below the list in the panel, as the list's last line in the app. */
export function TypingLine({ name, look }: { name: string | undefined; look: ChatLook }) {
  const where = look === 'panel' ? { px: '4', pb: '1' } : { mt: '2' }
  return (
    <Text fontSize="xs" color="fg.muted" fontStyle="italic" {...where} data-testid={`${TEST_PREFIX[look]}-typing`}>
      {name ?? 'Your contact'} is typing…
    </Text>
  )
}

/**
 * The scrolling list (at the newest message, the typing line in view; older pages load as the
 * reader scrolls up). `typing`: someone is typing now (the app shows the line inside the list).
 */
export function MessageList({ chat, me, contact, typing, look }: { chat: OpenChat; me: number | null; contact: ChatContact | undefined; typing: unknown; look: ChatLook }) {
  const scrollRef = useRef<HTMLDivElement>(null)
  const { onScroll } = useChatHistoryScroll(scrollRef, typing)
  const separators = look === 'app' ? daySeparators(chat.dialog) : null
  const prefix = TEST_PREFIX[look]
  return (
    <Box
      ref={scrollRef}
      flex="1"
      minH="0"
      overflowY="auto"
      {...(look === 'panel' ? { px: '3', pb: '3' } : { px: { base: '3', md: '6' }, py: '4' })}
      style={{ overflowAnchor: 'none' }}
      onScroll={onScroll}
      data-testid={`${prefix}-messages`}
      aria-live="polite"
    >
      <OlderMessages chat={chat} testPrefix={prefix} />
      {chat.dialog.length === 0 ? (
        <EmptyConversation look={look} />
      ) : (
        groupDialog(chat.dialog, me).map((item) => (
          <Fragment key={item.message.id}>
            {separators?.has(item.message.id) && <DaySeparator time={item.message.time} />}
            <Bubble item={item} contact={contact} look={look} />
          </Fragment>
        ))
      )}
      {look === 'app' && typing ? <TypingLine name={contact?.name} look={look} /> : null}
    </Box>
  )
}
