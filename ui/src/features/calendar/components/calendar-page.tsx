import { Box, Button, ButtonGroup, Center, Flex, Heading, HStack, IconButton, Spinner, Text } from '@chakra-ui/react'
import { useAtom, useSetAtom } from 'jotai'
import { useCallback, useEffect, useMemo, useState } from 'react'
import { useSearchParams } from 'react-router-dom'

import { OptionSelect } from '@/components/option-select'
import { errorMessage } from '@/data/client'
import { useDialog } from '@/lib/dialog'
import { showMessage } from '@/lib/snackbar'

import { addEvent, getEvents, removeEvent, updateEvent, type CalendarEvent, type NewEvent } from '../api'
import { eventDialogAtom, eventsAtom } from '../atoms'
import {
  addMinutes,
  allDayIso,
  formFromEvent,
  navigate,
  parseView,
  parseYmd,
  startOfDay,
  viewTitle,
  visibleDays,
  VIEWS,
  ymd,
  type CalendarView,
} from '../calendar-utils'

import { AgendaView } from './agenda-view'
import { EventDialog } from './event-dialog'
import { MonthView } from './month-view'
import { TimeGrid } from './time-grid'

function ChevronIcon({ flip }: { flip?: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" style={{ transform: flip ? 'scaleX(-1)' : undefined }}>
      <path d="M15 18l-6-6 6-6" />
    </svg>
  )
}

/** /apps/calendar?view=week&date=2026-11-20: month, week, work week, day and agenda. */
export default function CalendarPage() {
  const [params, setParams] = useSearchParams()
  const view = parseView(params.get('view'))
  const date = useMemo(() => parseYmd(params.get('date')) ?? startOfDay(new Date()), [params])
  const [events, setEvents] = useAtom(eventsAtom)
  const setDialog = useSetAtom(eventDialogAtom)
  const { confirm } = useDialog()
  const [error, setError] = useState<unknown>(null)
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    const controller = new AbortController()
    getEvents(controller.signal).then(
      (list) => {
        setEvents(list)
        setError(null)
      },
      (e: unknown) => !controller.signal.aborted && setError(e),
    )
    return () => controller.abort()
  }, [attempt, setEvents])

  const go = useCallback(
    (next: { view?: CalendarView; date?: Date }) => {
      const search = new URLSearchParams(params)
      const v = next.view ?? view
      const d = next.date ?? date
      if (v === 'month') search.delete('view')
      else search.set('view', v)
      if (sameDayAsToday(d)) search.delete('date')
      else search.set('date', ymd(d))
      setParams(search)
    },
    [params, view, date, setParams],
  )

  async function change(event: CalendarEvent, message = 'Event saved.') {
    const before = events
    setEvents((list) => (list ? list.map((e) => (e.id === event.id ? event : e)) : list))
    try {
      setEvents(await updateEvent(event))
      showMessage(message, 'success')
    } catch (e) {
      setEvents(before)
      showMessage(errorMessage(e), 'error')
    }
  }

  async function save(body: NewEvent | CalendarEvent) {
    if ('id' in body) {
      setEvents(await updateEvent(body))
      showMessage('Event saved.', 'success')
    } else {
      setEvents(await addEvent(body))
      showMessage('Event added.', 'success')
    }
  }

  async function remove(event: CalendarEvent): Promise<boolean> {
    const ok = await confirm({ title: `Delete “${event.title}”?`, body: 'The event is removed from the calendar.', confirmLabel: 'Delete', tone: 'danger' })
    if (!ok) return false
    try {
      setEvents(await removeEvent(event.id))
      showMessage('Event deleted.', 'success')
      return true
    } catch (e) {
      showMessage(errorMessage(e), 'error')
      return false
    }
  }

  const openNew = (start: Date, end: Date, allDay: boolean) => {
    const iso = allDay ? allDayIso(start, end) : { start: start.toISOString(), end: end.toISOString() }
    setDialog({ mode: 'new', form: formFromEvent({ title: '', allDay, ...iso }) })
  }
  const openEdit = (event: CalendarEvent) => setDialog({ mode: 'edit', event })
  const showDay = (d: Date) => go({ view: 'day', date: d })

  const addButton = () => {
    const start = new Date(date)
    start.setHours(9, 0, 0, 0)
    openNew(start, addMinutes(start, 60), false)
  }

  const list = events ?? []
  return (
    <Flex direction="column" h="calc(100dvh - 7rem)" minH="560px" data-testid="calendar-page" data-view={view} data-date={ymd(date)}>
      <Flex align="center" gap="3" px={{ base: '3', md: '6' }} py="3" borderBottomWidth="1px" borderColor="border.muted" bg="bg.panel" wrap="wrap">
        <HStack gap="2">
          <Button size="sm" variant="outline" onClick={() => go({ date: startOfDay(new Date()) })} data-testid="calendar-today">
            Today
          </Button>
          <IconButton size="sm" variant="ghost" aria-label="Previous" onClick={() => go({ date: navigate(view, date, -1) })} data-testid="calendar-prev">
            <ChevronIcon />
          </IconButton>
          <IconButton size="sm" variant="ghost" aria-label="Next" onClick={() => go({ date: navigate(view, date, 1) })} data-testid="calendar-next">
            <ChevronIcon flip />
          </IconButton>
        </HStack>
        <Heading as="h1" size={{ base: 'md', md: 'lg' }} flex="1" minW="40" data-testid="calendar-title">
          {viewTitle(view, date)}
        </Heading>
        <ButtonGroup size="sm" variant="outline" attached display={{ base: 'none', md: 'flex' }}>
          {VIEWS.map((v) => (
            <Button key={v.value} variant={v.value === view ? 'subtle' : 'outline'} aria-pressed={v.value === view} onClick={() => go({ view: v.value })} data-testid={`calendar-view-${v.value}`}>
              {v.title}
            </Button>
          ))}
        </ButtonGroup>
        <OptionSelect
          w="32"
          display={{ base: 'block', md: 'none' }}
          value={view}
          onChange={(v) => go({ view: parseView(v) })}
          label="View"
          testId="calendar-view-select"
          options={VIEWS.map((v) => ({ value: v.value, label: v.title }))}
        />
        <Button size="sm" colorPalette="brand" onClick={addButton} data-testid="calendar-add">
          + Add event
        </Button>
      </Flex>
      <Box flex="1" minH="0" position="relative" bg="bg.panel">
        {error && !events ? (
          <Center h="full" flexDirection="column" gap="2">
            <Text fontWeight="semibold">The events could not be loaded</Text>
            <Text fontSize="sm" color="fg.muted">
              {errorMessage(error)}
            </Text>
            <Button size="sm" variant="outline" onClick={() => setAttempt((n) => n + 1)}>
              Try again
            </Button>
          </Center>
        ) : !events ? (
          <Center h="full">
            <Spinner color="brand.solid" />
          </Center>
        ) : view === 'month' ? (
          <MonthView date={date} events={list} onSelect={(a, b) => openNew(a, b, true)} onOpen={openEdit} onChange={(e) => void change(e, 'Event moved.')} onShowDay={showDay} />
        ) : view === 'agenda' ? (
          <AgendaView date={date} events={list} onOpen={openEdit} />
        ) : (
          <TimeGrid days={visibleDays(view, date)} events={list} onSelect={(a, b) => openNew(a, b, false)} onOpen={openEdit} onChange={(e) => void change(e, 'Event moved.')} onShowDay={showDay} />
        )}
      </Box>
      <EventDialog onSave={save} onRemove={remove} />
    </Flex>
  )
}

function sameDayAsToday(d: Date): boolean {
  return ymd(d) === ymd(new Date())
}
