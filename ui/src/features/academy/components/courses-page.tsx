import { Badge, Box, Button, Flex, Heading, HStack, Input, InputGroup, NativeSelect, Progress, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react'
import { useEffect, useMemo, useState } from 'react'
import { Link as RouterLink, useSearchParams } from 'react-router-dom'

import { CalendarIcon, SearchIcon } from '@/components/icons'
import { LoadError } from '@/components/load-error'
import { useApiData } from '@/hooks/use-api-data'
import { cardStyle } from '@/components/card-style'

import { fetchCatalogue, type Category, type Course } from '../api'
import { courseState, filterCourses, formatLength, progressPercent } from '../courses'

function ClockIcon() {
  return (
    <svg viewBox="0 0 24 24" width="14" height="14" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </svg>
  )
}

function CourseCard({ course, category }: { course: Course; category: Category | undefined }) {
  const state = courseState(course)
  const percent = progressPercent(course)
  const colour = category?.color ?? '#64748b'
  return (
    <Flex
      direction="column"
      {...cardStyle}
      overflow="hidden"
      transition="transform 0.15s, box-shadow 0.15s"
      _hover={{ transform: 'translateY(-2px)', boxShadow: 'lg' }}
      data-testid={`course-${course.id}`}
      data-category={course.category}
    >
      <Flex px="5" py="3" align="center" justify="space-between" style={{ background: colour }} color="white">
        <Text fontSize="xs" fontWeight="bold" textTransform="uppercase" letterSpacing="wider" data-testid={`course-${course.id}-category`}>
          {category?.label ?? course.category}
        </Text>
        <HStack gap="1" fontSize="xs" fontWeight="medium">
          <ClockIcon />
          <Text>{formatLength(course.length)}</Text>
        </HStack>
      </Flex>
      <Stack gap="2" p="5" flex="1">
        <Heading as="h2" size="md" lineHeight="short" data-testid={`course-${course.id}-title`}>
          {course.title}
        </Heading>
        <Text fontSize="sm" color="fg.muted" flex="1">
          {course.description}
        </Text>
        <HStack gap="1.5" fontSize="xs" color="fg.subtle">
          <CalendarIcon boxSize="3.5" />
          <Text>Updated {course.updated}</Text>
        </HStack>
      </Stack>
      <Box px="5" pb="5">
        <Flex justify="space-between" fontSize="xs" color="fg.muted" mb="1.5">
          <Text>{state === 'completed' ? 'Completed' : state === 'new' ? `${course.totalSteps} steps` : `Step ${course.activeStep + 1} of ${course.totalSteps}`}</Text>
          <Text data-testid={`course-${course.id}-progress`}>{percent}%</Text>
        </Flex>
        <Progress.Root value={percent} size="xs" colorPalette={state === 'completed' ? 'green' : 'brand'}>
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
        <Button asChild mt="4" w="full" size="sm" variant={state === 'new' ? 'solid' : 'outline'} colorPalette="brand">
          <RouterLink to={`/apps/academy/courses/${course.id}/${course.slug}`} data-testid={`course-${course.id}-open`}>
            {state === 'new' ? 'Start' : state === 'completed' ? 'Review' : 'Continue'}
          </RouterLink>
        </Button>
      </Box>
    </Flex>
  )
}

/** /apps/academy/courses: the course catalogue, filtered by category and searched by title. */
export default function CoursesPage() {
  const catalogue = useApiData('academy-catalogue', fetchCatalogue)
  const [params, setParams] = useSearchParams()
  const category = params.get('category') ?? ''
  const q = params.get('q') ?? ''
  const [text, setText] = useState(q)
  useEffect(() => {
    if (text === q) return
    const timer = setTimeout(() => setParams((p) => {
      const next = new URLSearchParams(p)
      if (text) next.set('q', text)
      else next.delete('q')
      return next
    }, { replace: true }), 250)
    return () => clearTimeout(timer)
  }, [text, q, setParams])

  const categories = catalogue.data?.categories ?? []
  const shown = useMemo(() => filterCourses(catalogue.data?.courses ?? [], category, q), [catalogue.data, category, q])
  const setCategory = (value: string) =>
    setParams((p) => {
      const next = new URLSearchParams(p)
      if (value) next.set('category', value)
      else next.delete('category')
      return next
    })

  return (
    <Box data-testid="courses-page">
      <Box px={{ base: '4', md: '8' }} py={{ base: '8', md: '12' }} textAlign="center" bg="bg.subtle" borderBottomWidth="1px" borderColor="border.muted">
        <Text fontSize="sm" fontWeight="semibold" color="brand.fg" textTransform="uppercase" letterSpacing="wider">
          Academy
        </Text>
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }} mt="2" data-testid="courses-title">
          What do you want to learn today?
        </Heading>
        <Text color="fg.muted" mt="2" maxW="xl" mx="auto">
          Short, practical courses for the team. Your progress is saved after every step.
        </Text>
      </Box>
      <Stack gap="6" px={{ base: '4', md: '8' }} py="6">
        <Flex gap="3" direction={{ base: 'column', sm: 'row' }} justify="space-between">
          <NativeSelect.Root size="sm" w={{ base: 'full', sm: '56' }}>
            <NativeSelect.Field value={category} onChange={(e) => setCategory(e.target.value)} aria-label="Category" data-testid="courses-category" bg="bg.panel">
              <option value="">All categories</option>
              {categories.map((c) => (
                <option key={c.id} value={c.value}>
                  {c.label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <InputGroup startElement={<SearchIcon boxSize="4" color="fg.muted" />} maxW={{ base: 'full', sm: '80' }}>
            <Input size="sm" value={text} onChange={(e) => setText(e.target.value)} placeholder="Search for a course" aria-label="Search for a course" data-testid="courses-search" bg="bg.panel" />
          </InputGroup>
        </Flex>
        {catalogue.status === 'error' && (
          <LoadError title="Could not load the courses" error={catalogue.error} onRetry={catalogue.reload} />
        )}
        {catalogue.status === 'success' && (
          <HStack gap="2" wrap="wrap" data-testid="courses-summary">
            <Text fontSize="sm" color="fg.muted">
              {shown.length} {shown.length === 1 ? 'course' : 'courses'}
            </Text>
            {category && (
              <Badge colorPalette="brand" variant="subtle">
                {categories.find((c) => c.value === category)?.label ?? category}
              </Badge>
            )}
          </HStack>
        )}
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 3, '2xl': 4 }} gap="5" data-testid="courses-grid">
          {catalogue.status === 'loading' && Array.from({ length: 6 }, (_, i) => <Skeleton key={i} h="80" borderRadius="xl" />)}
          {shown.map((course) => (
            <CourseCard key={course.id} course={course} category={categories.find((c) => c.value === course.category)} />
          ))}
        </SimpleGrid>
        {catalogue.status === 'success' && shown.length === 0 && (
          <Stack align="center" py="16" gap="2" data-testid="courses-empty">
            <Text fontSize="lg" fontWeight="semibold">
              No course matches
            </Text>
            <Text color="fg.muted">Try another category or fewer words.</Text>
          </Stack>
        )}
      </Stack>
    </Box>
  )
}
