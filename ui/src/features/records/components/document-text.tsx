import { Box, Button, Flex, Heading, HStack, IconButton, Input, InputGroup, Stack, Text } from '@chakra-ui/react'
import { useEffect, useRef, useState } from 'react'
import { useSearchParams } from 'react-router-dom'

import { ChevronLeftIcon, ChevronRightIcon, SearchIcon } from '@/components/icons'
import { api, errorMessage } from '@/data/client'
import { formatNumber } from '@/lib/format'
import type { AnyRecord, TextPart } from '@/data/records'

import { TextParts } from './text-parts'

const PAGE_CHARS = 10_000
const SEARCH_DELAY = 300
const BEFORE_MATCH = 300 // a jump to a match starts the page this many characters before it

/** GET /documents/{id}/text */
export interface TextPage {
  length: number
  offset: number
  end: number
  nextOffset: number | null
  prevOffset: number | null
  segments: TextPart[]
  matches: number[]
  matchCount: number
}

function fetchText(id: number, offset: number, q: string, signal: AbortSignal): Promise<TextPage> {
  return api.get<TextPage>(`/documents/${id}/text`, { query: { offset, limit: PAGE_CHARS, q: q || undefined }, signal })
}

/**
 * The document's extracted text, a page at a time, with a search inside it: every match is marked,
 * "3 of 12" with previous and next moves between matches (loading the page that holds one).
 * A link from the toolbar's search brings its words along (?q=).
 */
export function DocumentText({ record }: { record: AnyRecord }) {
  const [params] = useSearchParams()
  const [typed, setTyped] = useState(() => params.get('q') ?? '')
  const [q, setQ] = useState(typed)
  const [offset, setOffset] = useState(0)
  const [current, setCurrent] = useState(0) // which match is the current one
  const [page, setPage] = useState<TextPage | null>(null)
  const [error, setError] = useState<string | null>(null)
  const box = useRef<HTMLDivElement>(null)
  const id = record.id
  const version = record.version

  useEffect(() => {
    const timer = setTimeout(() => {
      if (typed === q) return
      setQ(typed)
      setCurrent(0)
      setOffset(0)
    }, SEARCH_DELAY)
    return () => clearTimeout(timer)
  }, [typed, q])

  const currentRef = useRef(current)
  useEffect(() => {
    currentRef.current = current
  }, [current])

  useEffect(() => {
    const controller = new AbortController()
    fetchText(id, offset, q, controller.signal).then(
      (answer) => {
        if (controller.signal.aborted) return
        const at = answer.matches[currentRef.current]
        if (q && at !== undefined && (at < answer.offset || at >= answer.end)) {
          setOffset(Math.max(0, at - BEFORE_MATCH)) // a new search: go to the page of its first match
          return
        }
        setPage(answer)
        setError(null)
      },
      (e: unknown) => !controller.signal.aborted && setError(errorMessage(e)),
    )
    return () => controller.abort()
  }, [id, version, offset, q])

  // Bring the current match into view once its page is shown.
  useEffect(() => {
    if (!page || !q) return
    const at = page.matches[current]
    if (at === undefined || at < page.offset || at >= page.end) return
    const before = page.matches.filter((m) => m >= page.offset && m < at).length
    const mark = box.current?.querySelectorAll('mark')[before] as HTMLElement | undefined
    if (!mark || !box.current) return
    box.current.scrollTop = mark.offsetTop - box.current.offsetTop - 80
  }, [page, q, current])

  if (!page && !error) return null
  if (page && page.length === 0) return null
  const count = page?.matchCount ?? 0
  const known = page?.matches.length ?? 0
  const move = (step: number) => {
    if (!page || !known) return
    const next = (current + step + known) % known
    const at = page.matches[next]
    setCurrent(next)
    if (at < page.offset || at >= page.end) setOffset(Math.max(0, at - BEFORE_MATCH))
  }
  const firstOnPage = page ? page.matches.findIndex((m) => m >= page.offset && m < page.end) : -1

  return (
    <Box bg="bg.panel" borderWidth="1px" borderColor="border.muted" borderRadius="xl" p={{ base: '4', md: '6' }}>
      <Heading as="h2" size="md" mb="4">
        Text
      </Heading>
      <Stack gap="3" data-testid="document-text">
        <Flex gap="2" align="center" wrap="wrap">
          <InputGroup startElement={<SearchIcon boxSize="4" color="fg.subtle" />} flex="1" minW="48" maxW="sm">
            <Input
              size="sm"
              type="search"
              placeholder="Search in this document"
              aria-label="Search in this document"
              value={typed}
              maxLength={200}
              onChange={(e) => setTyped(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && known) move(e.shiftKey ? -1 : 1)
              }}
              data-testid="document-text-search"
            />
          </InputGroup>
          {q && (
            <HStack gap="1">
              <Text fontSize="sm" color="fg.muted" aria-live="polite" data-testid="document-text-count">
                {count === 0 ? 'No matches' : `${formatNumber(Math.min(current + 1, count))} of ${formatNumber(count)}`}
              </Text>
              <IconButton size="xs" variant="ghost" aria-label="Previous match" disabled={known < 2} onClick={() => move(-1)} data-testid="document-text-prev-match">
                <ChevronLeftIcon />
              </IconButton>
              <IconButton size="xs" variant="ghost" aria-label="Next match" disabled={known < 2} onClick={() => move(1)} data-testid="document-text-next-match">
                <ChevronRightIcon />
              </IconButton>
            </HStack>
          )}
        </Flex>
        {error && (
          <Text color="fg.error" fontSize="sm">
            {error}
          </Text>
        )}
        {page && (
          <>
            <Box
              ref={box}
              maxH="md"
              overflowY="auto"
              whiteSpace="pre-wrap"
              fontSize="sm"
              lineHeight="tall"
              borderWidth="1px"
              borderColor="border.muted"
              borderRadius="lg"
              p="3"
              bg="bg.subtle"
              data-testid="document-text-body"
            >
              <TextParts
                parts={page.segments}
                markProps={(n) => ({
                  'data-current': firstOnPage >= 0 && n === current - firstOnPage ? 'true' : undefined,
                  outline: firstOnPage >= 0 && n === current - firstOnPage ? '2px solid' : undefined,
                  outlineColor: 'orange.solid',
                })}
              />
            </Box>
            <Flex justify="space-between" align="center" fontSize="xs" color="fg.muted">
              <Text data-testid="document-text-position">
                Characters {formatNumber(page.offset + 1)}–{formatNumber(page.end)} of {formatNumber(page.length)}
              </Text>
              <HStack gap="1">
                <Button size="xs" variant="ghost" disabled={page.prevOffset === null} onClick={() => setOffset(page.prevOffset ?? 0)} data-testid="document-text-prev">
                  <ChevronLeftIcon /> Earlier
                </Button>
                <Button size="xs" variant="ghost" disabled={page.nextOffset === null} onClick={() => setOffset(page.nextOffset ?? 0)} data-testid="document-text-next">
                  Later <ChevronRightIcon />
                </Button>
              </HStack>
            </Flex>
          </>
        )}
      </Stack>
    </Box>
  )
}
