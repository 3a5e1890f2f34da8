import { Text } from '@chakra-ui/react'

import { useSaveStatus } from '@/data/pending-saves'

const WORDS = { idle: '', saving: 'Saving…', saved: 'Saved', retrying: 'Not saved yet: retrying…', error: 'Not saved' } as const

/** The small "saving / saved" note of the user's preference saves (shortcuts, settings). */
export function SaveStatusNote() {
  const { state, message } = useSaveStatus()
  return (
    <Text
      as="span"
      role="status"
      aria-live="polite"
      fontSize="xs"
      color={state === 'error' || state === 'retrying' ? 'fg.error' : 'fg.subtle'}
      title={message || undefined}
      whiteSpace="nowrap"
      px={state === 'idle' ? '0' : '1'}
      data-testid="save-status"
      data-state={state}
    >
      {WORDS[state]}
    </Text>
  )
}
