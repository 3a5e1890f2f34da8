import { Box, Button, Circle, Flex, Grid, Heading, HStack, IconButton, Progress, Skeleton, Stack, Text } from '@chakra-ui/react'
import { useEffect, useRef, useState } from 'react'
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom'

import { ArrowLeftIcon, ChevronLeftIcon, ChevronRightIcon } from '@/components/icons'
import { LoadError } from '@/components/load-error'
import { NotFoundState } from '@/components/not-found-state'
import { SafeHtml } from '@/components/safe-html'
import { errorMessage } from '@/data/client'
import { useApiData } from '@/hooks/use-api-data'
import { showMessage } from '@/lib/snackbar'

import { fetchCourse, updateCourse, type Course } from '../api'
import { formatLength, openingStep, progressPercent } from '../courses'

function CheckMark() {
  return (
    <svg viewBox="0 0 24 24" width="14" height="14" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" aria-hidden>
      <path d="M5 12l5 5L20 7" />
    </svg>
  )
}

function Stepper({ course, current, onPick }: { course: Course; current: number; onPick: (step: number) => void }) {
  const steps = course.steps ?? []
  return (
    <Stack as="ol" gap="0" data-testid="course-steps">
      {steps.map((step, i) => {
        const done = i < course.activeStep
        const here = i === current
        return (
          <Box as="li" key={step.id} position="relative">
            {i < steps.length - 1 && <Box position="absolute" left="15px" top="36px" bottom="-4px" w="2px" bg={done ? 'brand.solid' : 'border.muted'} />}
            <Flex
              as="button"
              w="full"
              align="center"
              gap="3"
              px="2"
              py="2"
              borderRadius="md"
              textAlign="start"
              bg={here ? 'bg.subtle' : undefined}
              _hover={{ bg: 'bg.subtle' }}
              onClick={() => onPick(i)}
              aria-current={here ? 'step' : undefined}
              data-testid={`course-step-${i}`}
              data-done={done || undefined}
            >
              <Circle size="8" flexShrink={0} bg={done ? 'brand.solid' : here ? 'bg.panel' : 'bg.muted'} color={done ? 'brand.contrast' : 'fg'} borderWidth={here ? '2px' : 0} borderColor="brand.solid" fontSize="sm" fontWeight="semibold">
                {done ? <CheckMark /> : i + 1}
              </Circle>
              <Text fontSize="sm" fontWeight={here ? 'semibold' : 'normal'} color={here ? 'fg' : 'fg.muted'} lineClamp={2}>
                {step.title}
              </Text>
            </Flex>
          </Box>
        )
      })}
    </Stack>
  )
}

function CourseView({ initial }: { initial: Course }) {
  const navigate = useNavigate()
  const [course, setCourse] = useState(initial)
  const [current, setCurrent] = useState(() => openingStep(initial))
  const [saving, setSaving] = useState(false)
  const contentRef = useRef<HTMLDivElement>(null)
  const steps = course.steps ?? []
  const step = steps[current]
  const last = current === steps.length - 1
  const percent = progressPercent(course)

  const shownStep = useRef(current)
  useEffect(() => {
    // A new step starts at its top (not on the first render).
    if (shownStep.current === current) return
    shownStep.current = current
    contentRef.current?.scrollIntoView?.({ block: 'nearest' })
  }, [current])

  /** Saves the learner's active step (course/update) and moves to `shown`. */
  async function go(shown: number, active: number) {
    const previous = course
    setCurrent(shown)
    if (active === course.activeStep) return
    setCourse({ ...course, activeStep: active })
    setSaving(true)
    try {
      await updateCourse({ id: course.id, activeStep: active })
      return true
    } catch (error) {
      setCourse(previous)
      showMessage(errorMessage(error), 'error', { title: 'Could not save your progress' })
      return false
    } finally {
      setSaving(false)
    }
  }

  const next = () => go(current + 1, Math.max(course.activeStep, current + 1))
  const previous = () => go(current - 1, course.activeStep)
  const pick = (i: number) => go(i, Math.max(course.activeStep, i))
  async function finish() {
    const ok = await go(current, steps.length)
    if (ok !== false) {
      showMessage(`You finished “${course.title}”.`, 'success')
      navigate('/apps/academy/courses')
    }
  }

  return (
    <Box data-testid="course-page" data-active-step={course.activeStep}>
      <Box px={{ base: '4', md: '8' }} pt={{ base: '5', md: '6' }} pb="4" bg="bg.subtle" borderBottomWidth="1px" borderColor="border.muted">
        <HStack gap="3" align="flex-start">
          <IconButton asChild variant="ghost" size="sm" aria-label="Back to the courses" mt="0.5">
            <RouterLink to="/apps/academy/courses" data-testid="course-back">
              <ArrowLeftIcon />
            </RouterLink>
          </IconButton>
          <Box minW="0" flex="1">
            <Heading as="h1" size={{ base: 'lg', md: 'xl' }} data-testid="course-title">
              {course.title}
            </Heading>
            <Text fontSize="sm" color="fg.muted">
              {formatLength(course.length)} · {steps.length} steps · updated {course.updated}
            </Text>
          </Box>
        </HStack>
        <HStack mt="4" gap="3">
          <Progress.Root value={percent} size="sm" flex="1" colorPalette={percent === 100 ? 'green' : 'brand'}>
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
          <Text fontSize="sm" fontWeight="medium" w="12" textAlign="end" data-testid="course-progress">
            {percent}%
          </Text>
        </HStack>
      </Box>
      <Grid templateColumns={{ base: '1fr', lg: '280px minmax(0, 1fr)' }} gap="6" px={{ base: '4', md: '8' }} py="6">
        <Box display={{ base: 'none', lg: 'block' }} position="sticky" top="4" alignSelf="start">
          <Stepper course={course} current={current} onPick={pick} />
        </Box>
        <Stack gap="4" minW="0" ref={contentRef}>
          <Text fontSize="sm" color="fg.muted" data-testid="course-step-counter">
            Step {current + 1} of {steps.length}
          </Text>
          <Box bg="bg.panel" borderWidth="1px" borderColor="border.muted" borderRadius="xl" p={{ base: '5', md: '8' }} minH="64">
            {step ? <SafeHtml html={step.content} data-testid="course-step-content" /> : <Text color="fg.muted">This course has no steps yet.</Text>}
          </Box>
          <Flex justify="space-between" gap="3">
            <Button variant="outline" onClick={previous} disabled={current === 0} data-testid="course-previous">
              <ChevronLeftIcon /> Previous
            </Button>
            {last ? (
              <Button colorPalette="green" onClick={finish} loading={saving} data-testid="course-finish">
                Finish
              </Button>
            ) : (
              <Button colorPalette="brand" onClick={next} disabled={!step} data-testid="course-next">
                Next <ChevronRightIcon />
              </Button>
            )}
          </Flex>
        </Stack>
      </Grid>
    </Box>
  )
}

/** /apps/academy/courses/:courseId/:slug: the course, step by step; the active step is saved. */
export default function CoursePage() {
  const { courseId = '' } = useParams()
  const course = useApiData(`academy-course-${courseId}`, (signal) => fetchCourse(courseId, signal))
  if (course.status === 'loading') {
    return (
      <Stack gap="5" px={{ base: '4', md: '8' }} py="8">
        <Skeleton h="10" w="80" />
        <Skeleton h="80" borderRadius="xl" />
      </Stack>
    )
  }
  if (course.status === 'error') {
    return (
      <Box px={{ base: '4', md: '8' }} py="8">
        <LoadError title="Could not load the course" error={course.error} onRetry={course.reload} />
      </Box>
    )
  }
  if (!course.data) {
    return (
      <NotFoundState py="24" title="There is no such course" backTo="/apps/academy/courses" backLabel="Go to the courses" testId="course-not-found" />
    )
  }
  return <CourseView key={course.data.id} initial={course.data} />
}
