/** The message composer of an open conversation (the panel's and the chat app's). */
import { chakra, Flex, IconButton, Text, Textarea } from '@chakra-ui/react'
import { useSetAtom } from 'jotai'
import { useRef, useState, type FormEvent } from 'react'

import { SendIcon } from '@/components/icons'

import { sendMessageAtom } from '../atoms'
import { isBlankMessage } from '../parse'
import { sendTyping } from '../push'
import { errorMessage } from '../server'
import { TEST_PREFIX, type ChatLook } from './look'

/** The panel is narrow and dense; the app's composer breathes (and clears the phone's home bar). */
const FRAME = {
  panel: { px: '3', py: '3' },
  app: { px: { base: '3', md: '5' }, pt: '3', pb: { base: '8', md: '3' }, bg: 'bg.panel' },
} as const
const FIELD = {
  panel: { maxH: '32', size: 'sm' },
  app: { maxH: '40', borderRadius: 'xl' },
} as const

/**
 * Enter sends, Shift+Enter breaks the line. A text of invisible characters only counts as empty. A
 * failed send keeps the text and says why until the text is edited; `chat:typing` goes out (throttled) while typing.
 */
export function Composer({ chatId, look }: { chatId: string; look: ChatLook }) {
  const send = useSetAtom(sendMessageAtom)
  const [text, setText] = useState('')
  const [sending, setSending] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const inputRef = useRef<HTMLTextAreaElement>(null)
  const empty = isBlankMessage(text) // zero-width characters only count as empty too
  const prefix = TEST_PREFIX[look]

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
    <chakra.form onSubmit={submit} {...FRAME[look]} borderTopWidth="1px" borderColor="border.muted" flexShrink={0} data-testid={`${prefix}-composer`}>
      <Flex gap="2" align="flex-end">
        <Textarea
          ref={inputRef}
          autoresize
          rows={1}
          {...FIELD[look]}
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
          data-testid={`${prefix}-input`}
        />
        <IconButton
          type="submit"
          aria-label="Send"
          colorPalette="brand"
          size={look === 'panel' ? 'sm' : 'md'}
          borderRadius="full"
          disabled={empty}
          loading={sending}
          data-testid={`${prefix}-send`}
        >
          <SendIcon />
        </IconButton>
      </Flex>
      {error && (
        <Text role="alert" fontSize="xs" color="fg.error" mt="1.5" data-testid={`${prefix}-send-error`}>
          Message not sent: {error}
        </Text>
      )}
    </chakra.form>
  )
}
