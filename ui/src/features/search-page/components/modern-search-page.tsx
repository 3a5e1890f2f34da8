import { Box, Button, Card, Flex, Heading, Input, InputGroup, Link, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react'
import { useState, type FormEvent } from 'react'
import { Link as RouterLink, useSearchParams } from 'react-router-dom'

import { SearchIcon } from '@/components/icons'
import { LoadError } from '@/components/load-error'
import { useApiData } from '@/hooks/use-api-data'

import { search, sectionOf } from '../api'

import { Marked } from './marked'

/** /pages/search/modern?q=: the template's second search page — a search band over the results as cards. */
export default function ModernSearchPage() {
  const [params, setParams] = useSearchParams()
  const q = params.get('q') ?? ''
  const [text, setText] = useState(q)
  const results = useApiData(`search-${q}`, (signal) => search(q, signal))
  const all = results.data ?? []
  const submit = (e: FormEvent) => {
    e.preventDefault()
    setParams(text.trim() ? { q: text.trim() } : {})
  }
  return (
    <Box data-testid="modern-search-page">
      <Box px={{ base: '4', md: '8' }} py={{ base: '10', md: '14' }} bgGradient="to-r" gradientFrom="teal.700" gradientTo="cyan.800" color="white">
        <Stack gap="5" maxW="3xl" mx="auto" textAlign="center">
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }} color="white" data-testid="search-title">
            What are you looking for?
          </Heading>
          <form onSubmit={submit} role="search">
            <Flex gap="2" direction={{ base: 'column', sm: 'row' }}>
              <InputGroup startElement={<SearchIcon boxSize="5" color="fg.muted" />} flex="1">
                <Input size="xl" value={text} onChange={(e) => setText(e.target.value)} placeholder="Search guides, notes and how-tos" aria-label="Search" bg="bg.panel" color="fg" data-testid="search-page-input" />
              </InputGroup>
              <Button type="submit" size="xl" colorPalette="gray" variant="surface" data-testid="search-submit">
                Search
              </Button>
            </Flex>
          </form>
        </Stack>
      </Box>
      <Box px={{ base: '4', md: '8' }} py="8" maxW="6xl" mx="auto">
        {results.status === 'error' && (
          <LoadError title="The search failed" error={results.error} onRetry={results.reload} />
        )}
        {results.status === 'success' && (
          <Text fontSize="sm" color="fg.muted" mb="4" data-testid="search-count" aria-live="polite">
            {all.length === 0 ? `No results for “${q}”` : `${all.length} ${all.length === 1 ? 'result' : 'results'}${q ? ` for “${q}”` : ''}`}
          </Text>
        )}
        <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4" data-testid="search-results">
          {results.status === 'loading' && Array.from({ length: 6 }, (_, i) => <Skeleton key={i} h="36" borderRadius="xl" />)}
          {all.map((r) => (
            <Card.Root key={r.id} variant="outline" _hover={{ boxShadow: 'md', borderColor: 'brand.emphasized' }} transition="box-shadow 0.15s" data-testid={`search-result-${r.id}`}>
              <Card.Body gap="2">
                <Text fontSize="xs" fontWeight="semibold" textTransform="uppercase" letterSpacing="wider" color="brand.fg">
                  {sectionOf(r.url)}
                </Text>
                <Link asChild fontSize="lg" fontWeight="semibold" _hover={{ textDecoration: 'underline' }}>
                  <RouterLink to={r.url} data-testid={`search-result-${r.id}-title`}>
                    <Marked text={r.title} q={q} />
                  </RouterLink>
                </Link>
                <Text fontSize="sm" color="fg.muted" lineClamp={3}>
                  <Marked text={r.excerpt} q={q} />
                </Text>
              </Card.Body>
            </Card.Root>
          ))}
        </SimpleGrid>
      </Box>
    </Box>
  )
}
