import { Accordion, Box, Heading, Input, InputGroup, Skeleton, Stack, Text } from '@chakra-ui/react'
import { useEffect, useMemo, useState } from 'react'
import { useSearchParams } from 'react-router-dom'

import { ChevronDownIcon, SearchIcon } from '@/components/icons'
import { LoadError } from '@/components/load-error'
import { useApiData } from '@/hooks/use-api-data'

import { fetchFaqs, searchFaqs } from '../api'

/** /pages/faq: the questions, searchable, each answer expanding under its question; `?question=<id>` opens one (search results link there). */
export default function FaqPage() {
  const faqs = useApiData('faqs', fetchFaqs)
  const [params] = useSearchParams()
  const linked = params.get('question')
  const [q, setQ] = useState('')
  const [open, setOpen] = useState<string[]>(linked ? [linked] : [])
  const shown = useMemo(() => searchFaqs(faqs.data ?? [], q), [faqs.data, q])
  const [shownLink, setShownLink] = useState(linked)
  if (shownLink !== linked) {
    setShownLink(linked)
    if (linked) setOpen((all) => (all.includes(linked) ? all : [...all, linked]))
  }
  const loaded = faqs.status === 'success'
  useEffect(() => {
    if (loaded && linked) document.querySelector(`[data-testid="faq-${CSS.escape(linked)}"]`)?.scrollIntoView({ block: 'center' })
  }, [loaded, linked])

  return (
    <Box data-testid="faq-page">
      <Box px={{ base: '4', md: '8' }} py={{ base: '10', md: '14' }} textAlign="center" bg="bg.subtle" borderBottomWidth="1px" borderColor="border.muted">
        <Text fontSize="sm" fontWeight="semibold" color="brand.fg" textTransform="uppercase" letterSpacing="wider">
          FAQ
        </Text>
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }} mt="2" data-testid="faq-title">
          Frequently asked questions
        </Heading>
        <Text color="fg.muted" mt="2">
          Answers to what the team asks most about the portal.
        </Text>
        <InputGroup startElement={<SearchIcon boxSize="4" color="fg.muted" />} maxW="xl" mx="auto" mt="6">
          <Input
            size="lg"
            bg="bg.panel"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            placeholder="Search the questions and answers"
            aria-label="Search the questions and answers"
            data-testid="faq-search"
          />
        </InputGroup>
      </Box>
      <Box maxW="4xl" mx="auto" px={{ base: '4', md: '8' }} py="8">
        {faqs.status === 'error' && (
          <LoadError title="Could not load the questions" error={faqs.error} onRetry={faqs.reload} />
        )}
        {faqs.status === 'loading' && (
          <Stack gap="3">
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} h="14" borderRadius="lg" />
            ))}
          </Stack>
        )}
        {faqs.status === 'success' && (
          <Text fontSize="sm" color="fg.muted" mb="4" data-testid="faq-count">
            {shown.length === faqs.data?.length ? `${shown.length} questions` : `${shown.length} of ${faqs.data?.length ?? 0} questions match`}
          </Text>
        )}
        <Accordion.Root multiple value={open} onValueChange={(e) => setOpen(e.value)} variant="plain" data-testid="faq-list">
          <Stack gap="3">
            {shown.map((faq) => (
              <Accordion.Item
                key={faq.id}
                value={String(faq.id)}
                bg="bg.panel"
                borderWidth="1px"
                borderColor="border.muted"
                borderRadius="lg"
                overflow="hidden"
                data-testid={`faq-${faq.id}`}
              >
                <Accordion.ItemTrigger px="5" py="4" cursor="pointer" _hover={{ bg: 'bg.subtle' }} data-testid={`faq-${faq.id}-question`}>
                  <Text flex="1" fontWeight="semibold" textAlign="start">
                    {faq.question}
                  </Text>
                  <Accordion.ItemIndicator>
                    <ChevronDownIcon />
                  </Accordion.ItemIndicator>
                </Accordion.ItemTrigger>
                <Accordion.ItemContent>
                  <Accordion.ItemBody px="5" pb="5" pt="0" color="fg.muted" lineHeight="tall" data-testid={`faq-${faq.id}-answer`}>
                    {faq.answer}
                  </Accordion.ItemBody>
                </Accordion.ItemContent>
              </Accordion.Item>
            ))}
          </Stack>
        </Accordion.Root>
        {faqs.status === 'success' && shown.length === 0 && (
          <Stack align="center" py="12" gap="2" data-testid="faq-empty">
            <Text fontSize="lg" fontWeight="semibold">
              No question matches “{q}”
            </Text>
            <Text color="fg.muted">Try other words, or ask your administrator in Team Chat.</Text>
          </Stack>
        )}
      </Box>
    </Box>
  )
}
