import { Box } from '@chakra-ui/react'

import { highlight } from '../api'

/** `text` with the places that match `q` marked (both search pages). */
export function Marked({ text, q }: { text: string; q: string }) {
  return (
    <>
      {highlight(text, q).map((part, i) =>
        part.match ? (
          <Box as="mark" key={i} bg="yellow.subtle" color="inherit" px="0.5" borderRadius="sm">
            {part.text}
          </Box>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  )
}
