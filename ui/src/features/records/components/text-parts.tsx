import { Box, chakra } from '@chakra-ui/react'
import type { TextPart } from '@/data/records'

import { matchNumbers } from '../text'

/** Text parts from the server with the matched words in <mark>: every part is rendered as text (React escapes it), never as HTML. */
export function TextParts({ parts, markProps }: { parts: TextPart[]; markProps?: (index: number) => Record<string, unknown> }) {
  const numbers = matchNumbers(parts)
  return (
    <>
      {parts.map((part, i) =>
        part.match ? (
          <chakra.mark key={i} bg="yellow.subtle" color="fg" px="0.5" borderRadius="sm" {...markProps?.(numbers[i])}>
            {part.text}
          </chakra.mark>
        ) : (
          <chakra.span key={i}>{part.text}</chakra.span>
        ),
      )}
    </>
  )
}

/** The snippet under a document row of a search: where its text holds the words. */
export function Snippet({ parts, testId }: { parts: TextPart[]; testId?: string }) {
  return (
    <Box fontSize="xs" color="fg.muted" lineClamp={2} whiteSpace="normal" data-testid={testId}>
      <TextParts parts={parts} />
    </Box>
  )
}
