import { Box, Button, Flex, Heading, HStack, IconButton, Input, InputGroup, Link, Skeleton, Stack, Text } from '@chakra-ui/react'
import { useState, type FormEvent } from 'react'
import { Link as RouterLink, useSearchParams } from 'react-router-dom'

import { ChevronLeftIcon, ChevronRightIcon, SearchIcon } from '@/components/icons'
import { LoadError } from '@/components/load-error'
import { useApiData } from '@/hooks/use-api-data'

import { PER_PAGE, search } from '../api'

import { Marked } from './marked'

/** /pages/search?q=: the search results (title, url, excerpt), ten a page. */
export default function SearchPage() {
  const [params, setParams] = useSearchParams()
  const q = params.get('q') ?? ''
  const page = Math.max(1, Number(params.get('page')) || 1)
  const [text, setText] = useState(q)
  const [shownQ, setShownQ] = useState(q)
  if (shownQ !== q) {
    setShownQ(q)
    setText(q)
  }
  const results = useApiData(`search-${q}`, (signal) => search(q, signal))
  const all = results.data ?? []
  const pages = Math.max(1, Math.ceil(all.length / PER_PAGE))
  const current = Math.min(page, pages)
  const shown = all.slice((current - 1) * PER_PAGE, current * PER_PAGE)

  const submit = (e: FormEvent) => {
    e.preventDefault()
    setParams(text.trim() ? { q: text.trim() } : {})
  }
  const goTo = (p: number) => setParams({ ...(q ? { q } : {}), ...(p > 1 ? { page: String(p) } : {}) })

  return (
    <Box px={{ base: '4', md: '8' }} py={{ base: '6', md: '8' }} data-testid="search-page">
      <Stack gap="6" maxW="4xl">
        <Box>
          <Heading as="h1" size={{ base: 'xl', md: '2xl' }} data-testid="search-title">
            Search
          </Heading>
          <Text color="fg.muted" mt="1">
            Knowledge base articles, FAQ answers and academy courses: each result opens where it lives.
          </Text>
        </Box>
        <form onSubmit={submit} role="search">
          <HStack gap="2">
            <InputGroup startElement={<SearchIcon boxSize="4" color="fg.muted" />} flex="1">
              <Input value={text} onChange={(e) => setText(e.target.value)} placeholder="Search" aria-label="Search" bg="bg.panel" data-testid="search-page-input" />
            </InputGroup>
            <Button type="submit" colorPalette="brand" data-testid="search-submit">
              Search
            </Button>
          </HStack>
        </form>
        {results.status === 'error' && (
          <LoadError title="The search failed" error={results.error} onRetry={results.reload} />
        )}
        {results.status === 'success' && (
          <Text fontSize="sm" color="fg.muted" data-testid="search-count" aria-live="polite">
            {all.length === 0 ? `No results for “${q}”` : `${all.length} ${all.length === 1 ? 'result' : 'results'}${q ? ` for “${q}”` : ''}`}
            {results.refreshing ? ' · searching…' : ''}
          </Text>
        )}
        <Stack as="ol" gap="6" data-testid="search-results">
          {results.status === 'loading' &&
            Array.from({ length: 5 }, (_, i) => (
              <Stack key={i} gap="2">
                <Skeleton h="3" w="48" />
                <Skeleton h="5" w="80" />
                <Skeleton h="4" w="full" />
              </Stack>
            ))}
          {shown.map((r) => (
            <Box as="li" key={r.id} data-testid={`search-result-${r.id}`}>
              <Text fontSize="xs" color="green.fg" truncate data-testid={`search-result-${r.id}-url`}>
                {window.location.origin}
                {r.url}
              </Text>
              <Link asChild fontSize="lg" fontWeight="semibold" color="brand.fg" _hover={{ textDecoration: 'underline' }}>
                <RouterLink to={r.url} data-testid={`search-result-${r.id}-title`}>
                  <Marked text={r.title} q={q} />
                </RouterLink>
              </Link>
              <Text fontSize="sm" color="fg.muted" mt="0.5" data-testid={`search-result-${r.id}-excerpt`}>
                <Marked text={r.excerpt} q={q} />
              </Text>
            </Box>
          ))}
        </Stack>
        {pages > 1 && (
          <Flex align="center" gap="2" data-testid="search-pagination">
            <IconButton aria-label="Previous page" size="sm" variant="outline" disabled={current <= 1} onClick={() => goTo(current - 1)} data-testid="search-prev">
              <ChevronLeftIcon />
            </IconButton>
            {Array.from({ length: pages }, (_, i) => i + 1).map((p) => (
              <Button key={p} size="sm" variant={p === current ? 'solid' : 'ghost'} colorPalette={p === current ? 'brand' : 'gray'} onClick={() => goTo(p)} aria-current={p === current ? 'page' : undefined} data-testid={`search-page-${p}`}>
                {p}
              </Button>
            ))}
            <IconButton aria-label="Next page" size="sm" variant="outline" disabled={current >= pages} onClick={() => goTo(current + 1)} data-testid="search-next">
              <ChevronRightIcon />
            </IconButton>
          </Flex>
        )}
      </Stack>
    </Box>
  )
}
