import { Alert, Badge, Box, Button, Center, CloseButton, Dialog, Flex, Heading, HStack, Input, InputGroup, Portal, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react'
import { useMemo, useState } from 'react'
import { useNavigate, useParams } from 'react-router-dom'

import { ChevronLeftIcon, ChevronRightIcon, DocumentIcon, SearchIcon } from '@/components/icons'
import { LoadError } from '@/components/load-error'
import { SafeHtml } from '@/components/safe-html'
import { useApiData } from '@/hooks/use-api-data'

import { fetchCategories, findArticle, searchArticles, withoutLeadingTitle, type Article, type Category } from '../api'

const ACCENTS = ['blue', 'green', 'orange', 'purple', 'pink', 'teal']

function ArticleDialog({ category, article, onPick, onClose }: { category: Category; article: Article; onPick: (a: Article) => void; onClose: () => void }) {
  const list = category.featuredArticles
  const index = list.findIndex((a) => a.id === article.id)
  return (
    <Dialog.Root open onOpenChange={(e) => !e.open && onClose()} size="lg" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="article-dialog">
            <Dialog.Header flexDirection="column" alignItems="flex-start" gap="1">
              <Text fontSize="xs" color="fg.muted" textTransform="uppercase" letterSpacing="wider">
                {category.title}
              </Text>
              <Dialog.Title data-testid="article-title">{article.title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <SafeHtml html={withoutLeadingTitle(article.content, article.title)} data-testid="article-content" />
            </Dialog.Body>
            <Dialog.Footer justifyContent="space-between">
              <Button variant="ghost" size="sm" disabled={index <= 0} onClick={() => onPick(list[index - 1])} data-testid="article-previous">
                <ChevronLeftIcon /> Previous
              </Button>
              <Text fontSize="xs" color="fg.muted">
                {index + 1} of {list.length} featured
              </Text>
              <Button variant="ghost" size="sm" disabled={index >= list.length - 1} onClick={() => onPick(list[index + 1])} data-testid="article-next">
                Next <ChevronRightIcon />
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" data-testid="article-close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}

function CategoryCard({ category, accent, onOpen }: { category: Category; accent: string; onOpen: (a: Article) => void }) {
  return (
    <Flex direction="column" bg="bg.panel" borderWidth="1px" borderColor="border.muted" borderRadius="xl" p={{ base: '5', md: '6' }} data-testid={`kb-category-${category.id}`}>
      <HStack justify="space-between" align="flex-start" mb="4" gap="3">
        <HStack gap="3">
          <Center boxSize="10" borderRadius="lg" bg={`${accent}.subtle`} color={`${accent}.fg`} fontWeight="bold">
            {category.title.charAt(0)}
          </Center>
          <Heading as="h2" size="md">
            {category.title}
          </Heading>
        </HStack>
        <Badge colorPalette={accent} variant="subtle" data-testid={`kb-category-${category.id}-count`}>
          {category.articlesCount} articles
        </Badge>
      </HStack>
      <Stack as="ul" gap="0.5" flex="1">
        {category.featuredArticles.map((a) => (
          <Box as="li" key={a.id}>
            <Box
              as="button"
              display="flex"
              alignItems="center"
              gap="2.5"
              w="full"
              textAlign="start"
              px="2"
              py="2"
              borderRadius="md"
              _hover={{ bg: 'bg.subtle', color: 'brand.fg' }}
              onClick={() => onOpen(a)}
              data-testid={`kb-article-${a.id}`}
            >
              <DocumentIcon boxSize="4" color="fg.muted" flexShrink={0} />
              <Text fontSize="sm">{a.title}</Text>
            </Box>
          </Box>
        ))}
      </Stack>
      <Text fontSize="xs" color="fg.subtle" mt="4">
        {category.featuredArticles.length} featured of {category.articlesCount}
      </Text>
    </Flex>
  )
}

/**
 * /pages/knowledge-base: the categories with their featured articles and counts; an article opens in a dialog.
 * /pages/knowledge-base/<article-slug> opens that article (the search results link there).
 */
export default function KnowledgeBasePage() {
  const { topic } = useParams()
  const navigate = useNavigate()
  const categories = useApiData('knowledge-base', fetchCategories)
  const [q, setQ] = useState('')
  const [picked, setPicked] = useState<{ categoryId: number; article: Article } | null>(null)
  const shown = useMemo(() => searchArticles(categories.data ?? [], q), [categories.data, q])
  const linked = useMemo(() => (topic && categories.data ? findArticle(categories.data, topic) : null), [topic, categories.data])
  const opened = picked ?? linked
  const openedCategory = categories.data?.find((c) => c.id === opened?.categoryId)
  const setOpened = (next: { categoryId: number; article: Article } | null) => {
    setPicked(next)
    if (!next && topic) navigate('/pages/knowledge-base', { replace: true })
  }

  return (
    <Box data-testid="knowledge-base-page">
      <Box px={{ base: '4', md: '8' }} py={{ base: '10', md: '14' }} textAlign="center" bg="bg.subtle" borderBottomWidth="1px" borderColor="border.muted">
        <Text fontSize="sm" fontWeight="semibold" color="brand.fg" textTransform="uppercase" letterSpacing="wider">
          Knowledge base
        </Text>
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }} mt="2" data-testid="kb-title">
          How can we help you today?
        </Heading>
        <InputGroup startElement={<SearchIcon boxSize="4" color="fg.muted" />} maxW="xl" mx="auto" mt="6">
          <Input size="lg" bg="bg.panel" value={q} onChange={(e) => setQ(e.target.value)} placeholder="Search the featured articles" aria-label="Search the featured articles" data-testid="kb-search" />
        </InputGroup>
      </Box>
      <Box maxW="6xl" mx="auto" px={{ base: '4', md: '8' }} py="8">
        {topic && categories.status === 'success' && !linked && (
          <Alert.Root status="info" borderRadius="lg" mb="6" data-testid="kb-topic-note">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>“{topic.replace(/-/g, ' ')}” is not a featured article</Alert.Title>
              <Alert.Description>Browse the categories below or search their featured articles.</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}
        {categories.status === 'error' && (
          <LoadError title="Could not load the knowledge base" error={categories.error} onRetry={categories.reload} />
        )}
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="5" data-testid="kb-categories">
          {categories.status === 'loading' && Array.from({ length: 4 }, (_, i) => <Skeleton key={i} h="72" borderRadius="xl" />)}
          {shown.map((c, i) => (
            <CategoryCard key={c.id} category={c} accent={ACCENTS[i % ACCENTS.length]} onOpen={(article) => setOpened({ categoryId: c.id, article })} />
          ))}
        </SimpleGrid>
        {categories.status === 'success' && shown.length === 0 && (
          <Stack align="center" py="12" gap="2" data-testid="kb-empty">
            <Text fontSize="lg" fontWeight="semibold">
              No featured article matches “{q}”
            </Text>
          </Stack>
        )}
      </Box>
      {opened && openedCategory && (
        <ArticleDialog
          category={openedCategory}
          article={opened.article}
          onPick={(article) => setOpened({ categoryId: openedCategory.id, article })}
          onClose={() => setOpened(null)}
        />
      )}
    </Box>
  )
}
