/** Shared by the Team Chat panel and the chat app: what sits above the oldest message held. */
import { Button, Flex, Spinner, Text } from '@chakra-ui/react'
import { useSetAtom } from 'jotai'

import { loadOlderMessagesAtom } from '../atoms'
import type { OpenChat } from '../types'

/** Above the oldest message held: loading the page before it, a failure to retry, or the start. */
export function OlderMessages({ chat, testPrefix }: { chat: OpenChat; testPrefix: string }) {
  const loadOlder = useSetAtom(loadOlderMessagesAtom)
  if (chat.loadingOlder) {
    return (
      <Flex justify="center" py="2" data-testid={`${testPrefix}-older-loading`}>
        <Spinner size="sm" color="fg.subtle" />
      </Flex>
    )
  }
  if (chat.olderError) {
    return (
      <Flex justify="center" align="center" gap="2" py="2" fontSize="xs" color="fg.error" data-testid={`${testPrefix}-older-error`}>
        <Text>Earlier messages did not load: {chat.olderError}</Text>
        <Button size="2xs" variant="outline" onClick={() => void loadOlder()}>
          Try again
        </Button>
      </Flex>
    )
  }
  if (chat.olderCursor === null && chat.dialog.length > 0) {
    return (
      <Text fontSize="2xs" color="fg.subtle" textAlign="center" py="2" data-testid={`${testPrefix}-history-start`}>
        The conversation starts here
      </Text>
    )
  }
  return null
}
