/** The open conversation (the panel's and the chat app's): its messages and the composer, or why they are not there yet. */
import { Button, Flex, Spinner, Text } from '@chakra-ui/react'
import { useAtomValue, useSetAtom } from 'jotai'
import { useEffect, useState } from 'react'

import { chatAtom, selectContactAtom } from '../atoms'
import { typingIn } from '../selectors'
import type { ChatContact } from '../types'
import { Composer } from './composer'
import { TEST_PREFIX, type ChatLook } from './look'
import { MessageList, TypingLine } from './message-list'

/** Who is typing in the open conversation; re-renders when the typing indicator should go away. */
function useTyping(): { userId: number } | null {
  const state = useAtomValue(chatAtom)
  const [now, setNow] = useState(() => Date.now())
  const typing = typingIn(state, now)
  const until = state.chat ? (state.typing[state.chat.id]?.until ?? 0) : 0
  useEffect(() => {
    const delay = until - Date.now()
    // A new typing push (or its end) re-reads the clock.
    const timer = setTimeout(() => setNow(Date.now()), Math.max(0, delay) + 20)
    return () => clearTimeout(timer)
  }, [until])
  return typing
}

/** Messages grouped by sender, the typing indicator and the composer; a failed load offers a retry. */
export function Conversation({ contact, look }: { contact: ChatContact | undefined; look: ChatLook }) {
  const state = useAtomValue(chatAtom)
  const select = useSetAtom(selectContactAtom)
  const typing = useTyping()
  const chat = state.chat
  const prefix = TEST_PREFIX[look]

  if (state.chatStatus === 'error') {
    return (
      <Flex flex="1" direction="column" align="center" justify="center" gap="3" px="8" textAlign="center" data-testid={`${prefix}-error`}>
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
      <Flex flex="1" align="center" justify="center" data-testid={`${prefix}-loading`}>
        <Spinner color="brand.solid" />
      </Flex>
    )
  }
  return (
    <>
      <MessageList chat={chat} me={state.user?.id ?? null} contact={contact} typing={typing} look={look} />
      {look === 'panel' && typing && <TypingLine name={contact?.name} look={look} />}
      <Composer key={chat.id} chatId={chat.id} look={look} />
    </>
  )
}
