import { Box, Grid, Stack, Text } from '@chakra-ui/react'
import { useMemo, useRef, useState } from 'react'

import type { CalendarEvent } from '../api'
import { endOnDay, eventsOnDay, parseYmd, sameDay, shiftDays, startOfDay, visibleDays, ymd } from '../calendar-utils'

import { EventChip } from './event-chip'
import { dragged, dropEvent, usePointerDrag } from './use-pointer-drag'

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']
const MAX_SHOWN = 3

type Drag =
  | { kind: 'select'; anchor: Date; current: Date }
  | { kind: 'move' | 'resize'; event: CalendarEvent; origin: Date; current: Date; x: number; y: number; moved: boolean }

function dateAt(x: number, y: number): Date | null {
  const el = document.elementFromPoint(x, y)?.closest<HTMLElement>('[data-date]')
  return el ? parseYmd(el.dataset.date) : null
}

export function MonthView({
  date,
  events,
  onSelect,
  onOpen,
  onChange,
  onShowDay,
}: {
  date: Date
  events: CalendarEvent[]
  onSelect: (first: Date, last: Date) => void
  onOpen: (e: CalendarEvent) => void
  onChange: (e: CalendarEvent) => void
  onShowDay: (d: Date) => void
}) {
  const days = useMemo(() => visibleDays('month', date), [date])
  const [drag, setDragState] = useState<Drag | null>(null)
  const dragRef = useRef<Drag | null>(null)
  const setDrag = (d: Drag | null) => {
    dragRef.current = d
    setDragState(d)
  }
  const today = new Date()

  const preview = (d: Drag | null): CalendarEvent | null => {
    if (!d || d.kind === 'select' || !d.moved) return null
    const diff = Math.round((startOfDay(d.current).getTime() - startOfDay(d.origin).getTime()) / 86400000)
    return d.kind === 'move' ? shiftDays(d.event, diff) : endOnDay(d.event, d.current)
  }
  const moving = preview(drag)
  const shown = moving ? events.map((e) => (e.id === moving.id ? moving : e)) : events

  usePointerDrag(
    drag !== null,
    (e) => {
      const d = dragRef.current
      if (!d) return
      const at = dateAt(e.clientX, e.clientY)
      if (d.kind === 'select') {
        if (at && !sameDay(at, d.current)) setDrag({ ...d, current: at })
        return
      }
      const moved = dragged(d, e)
      if (moved !== d.moved || (at && !sameDay(at, d.current))) setDrag({ ...d, moved, current: at ?? d.current })
    },
    () => {
      const d = dragRef.current
      setDrag(null)
      if (!d) return
      if (d.kind === 'select') {
        const [a, b] = d.anchor.getTime() <= d.current.getTime() ? [d.anchor, d.current] : [d.current, d.anchor]
        onSelect(a, b)
        return
      }
      dropEvent(d, preview(d), onOpen, onChange)
    },
  )

  const selected = (day: Date) => {
    if (drag?.kind !== 'select') return false
    const [a, b] = [drag.anchor.getTime(), drag.current.getTime()].sort((x, y) => x - y)
    return day.getTime() >= a && day.getTime() <= b
  }

  return (
    <Stack gap="0" h="full" minH="0" data-testid="calendar-month">
      <Grid templateColumns="repeat(7, 1fr)" borderBottomWidth="1px" borderColor="border.muted">
        {WEEKDAYS.map((d) => (
          <Text key={d} textAlign="center" fontSize="xs" fontWeight="semibold" color="fg.muted" py="2" textTransform="uppercase">
            {d}
          </Text>
        ))}
      </Grid>
      <Grid templateColumns="repeat(7, minmax(0, 1fr))" templateRows="repeat(6, minmax(92px, 1fr))" flex="1" minH="0">
        {days.map((day) => {
          const list = eventsOnDay(shown, day)
          const outside = day.getMonth() !== date.getMonth()
          const isToday = sameDay(day, today)
          return (
            <Box
              key={ymd(day)}
              data-date={ymd(day)}
              borderEndWidth="1px"
              borderBottomWidth="1px"
              borderColor="border.muted"
              bg={selected(day) ? 'brand.muted' : outside ? 'bg.subtle' : 'transparent'}
              p="1"
              minW="0"
              overflow="hidden"
              userSelect="none"
              touchAction="none"
              cursor="cell"
              onPointerDown={(e) => {
                if (e.button !== 0) return
                if ((e.target as HTMLElement).closest('[data-event-id], button')) return
                setDrag({ kind: 'select', anchor: day, current: day })
              }}
              data-testid={`month-cell-${ymd(day)}`}
            >
              <Box textAlign="end" mb="0.5">
                <Box
                  as="button"
                  fontSize="xs"
                  fontWeight={isToday ? 'bold' : 'medium'}
                  color={isToday ? 'brand.contrast' : outside ? 'fg.subtle' : 'fg.muted'}
                  bg={isToday ? 'brand.solid' : undefined}
                  borderRadius="full"
                  minW="6"
                  h="6"
                  px="1"
                  _hover={{ textDecoration: 'underline' }}
                  onClick={() => onShowDay(day)}
                  aria-label={`Show ${day.toDateString()}`}
                >
                  {day.getDate()}
                </Box>
              </Box>
              <Stack gap="0.5">
                {list.slice(0, MAX_SHOWN).map((ev) => (
                  <EventChip
                    key={ev.id}
                    event={ev}
                    dragging={moving?.id === ev.id}
                    onPointerDown={(e) => {
                      if (e.button !== 0) return
                      e.stopPropagation()
                      setDrag({ kind: 'move', event: events.find((x) => x.id === ev.id) ?? ev, origin: day, current: day, x: e.clientX, y: e.clientY, moved: false })
                    }}
                    onResizeDown={(e) =>
                      setDrag({ kind: 'resize', event: events.find((x) => x.id === ev.id) ?? ev, origin: day, current: day, x: e.clientX, y: e.clientY, moved: false })
                    }
                  />
                ))}
                {list.length > MAX_SHOWN && (
                  <Box as="button" fontSize="xs" color="fg.muted" textAlign="start" px="1.5" _hover={{ color: 'fg' }} onClick={() => onShowDay(day)}>
                    +{list.length - MAX_SHOWN} more
                  </Box>
                )}
              </Stack>
            </Box>
          )
        })}
      </Grid>
    </Stack>
  )
}
