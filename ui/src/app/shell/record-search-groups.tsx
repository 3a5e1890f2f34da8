import { Box, chakra, Text } from '@chakra-ui/react'

import { formatNumber } from '@/lib/format'

import { shortSnippet, type RecordGroup, type RecordHit } from './record-search'

/** The record groups under the page suggestions; option numbers continue after the pages (`offset`). */
export function RecordGroups({
  groups,
  q,
  offset,
  active,
  onHover,
  onOpen,
}: {
  groups: RecordGroup[]
  q: string
  offset: number
  active: number
  onHover: (index: number) => void
  onOpen: (hit: RecordHit) => void
}) {
  let index = offset
  return (
    <>
      {groups.map((group) => (
        <Box key={group.resource} role="group" aria-label={group.label} borderTopWidth="1px" borderColor="border.muted" pt="1" mt="1" data-testid={`search-group-${group.resource}`}>
          <Text px="4" py="1" fontSize="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase">
            {group.label} · {formatNumber(group.total)}
            {group.totalIsExact ? '' : '+'}
          </Text>
          {group.items.map((hit) => {
            const mine = index++
            const snippet = shortSnippet(hit.snippet)
            return (
              <chakra.button
                key={`${hit.kind}-${hit.id}`}
                type="button"
                role="option"
                aria-selected={mine === active}
                display="block"
                w="full"
                px="4"
                py="1.5"
                textAlign="start"
                bg={mine === active ? 'bg.muted' : undefined}
                _hover={{ bg: 'bg.muted' }}
                onMouseDown={(e) => e.preventDefault()}
                onMouseEnter={() => onHover(mine)}
                onClick={() => onOpen(hit)}
                data-testid={`search-hit-${hit.kind}-${hit.id}`}
                title={q ? `${hit.title} (${q})` : hit.title}
              >
                <Text fontSize="sm" truncate>
                  {hit.title}
                </Text>
                <Text fontSize="xs" color="fg.muted" truncate data-testid="search-hit-context">
                  {snippet.length
                    ? snippet.map((part, i) =>
                        part.match ? (
                          <chakra.mark key={i} bg="yellow.subtle" color="fg" borderRadius="sm">
                            {part.text}
                          </chakra.mark>
                        ) : (
                          <chakra.span key={i}>{part.text}</chakra.span>
                        ),
                      )
                    : hit.context}
                </Text>
              </chakra.button>
            )
          })}
        </Box>
      ))}
    </>
  )
}
