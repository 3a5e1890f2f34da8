import { Box, Flex, Grid, Stack, Text } from '@chakra-ui/react'
import { useEffect, useMemo, useRef, useState } from 'react'

import type { CalendarEvent } from '../api'
import { addMinutes, eventsOnDay, formatTime, isAllDayRow, layoutDay, sameDay, shiftDays, shiftMinutes, snap, startOfDay, ymd } from '../calendar-utils'

import { EventChip } from './event-chip'
import { dragged, dropEvent, usePointerDrag } from './use-pointer-drag'

const HOUR_PX = 48
const PX_PER_MIN = HOUR_PX / 60
const GUTTER = '56px'
const head = new Intl.DateTimeFormat('en', { weekday: 'short' })
const hourLabel = new Intl.DateTimeFormat('en', { hour: 'numeric' })

type Drag =
  | { kind: 'select'; day: number; anchor: number; current: number }
  | { kind: 'move' | 'resize'; event: CalendarEvent; day: number; x: number; y: number; minutes: number; days: number; moved: boolean }

export function TimeGrid({
  days,
  events,
  onSelect,
  onOpen,
  onChange,
  onShowDay,
}: {
  days: Date[]
  events: CalendarEvent[]
  onSelect: (start: Date, end: Date) => void
  onOpen: (e: CalendarEvent) => void
  onChange: (e: CalendarEvent) => void
  onShowDay: (d: Date) => void
}) {
  const [drag, setDragState] = useState<Drag | null>(null)
  const dragRef = useRef<Drag | null>(null)
  const setDrag = (d: Drag | null) => {
    dragRef.current = d
    setDragState(d)
  }
  const scrollRef = useRef<HTMLDivElement>(null)
  const columnsRef = useRef<HTMLDivElement>(null)
  const [now, setNow] = useState(() => new Date())
  const today = now

  useEffect(() => {
    // Open at 7:00, where the working day starts.
    if (scrollRef.current) scrollRef.current.scrollTop = 7 * HOUR_PX - 8
  }, [])
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60000)
    return () => clearInterval(timer)
  }, [])

  const preview = (d: Drag | null): CalendarEvent | null => {
    if (!d || d.kind === 'select' || !d.moved) return null
    if (d.kind === 'move') return shiftMinutes(shiftDays(d.event, d.days), d.minutes)
    const end = addMinutes(new Date(d.event.end), d.minutes)
    const min = addMinutes(new Date(d.event.start), 15)
    return { ...d.event, end: (end.getTime() < min.getTime() ? min : end).toISOString() }
  }
  const moving = preview(drag)
  const shown = useMemo(() => (moving ? events.map((e) => (e.id === moving.id ? moving : e)) : events), [events, moving])

  const columnAt = (x: number): number | null => {
    const columns = columnsRef.current?.querySelectorAll<HTMLElement>('[data-day-index]') ?? []
    for (const el of columns) {
      const r = el.getBoundingClientRect()
      if (x >= r.left && x < r.right) return Number(el.dataset.dayIndex)
    }
    return null
  }
  const minuteAt = (day: number, y: number): number => {
    const el = columnsRef.current?.querySelector<HTMLElement>(`[data-day-index="${day}"]`)
    const top = el?.getBoundingClientRect().top ?? 0
    return Math.min(24 * 60 - 30, Math.max(0, Math.floor((y - top) / PX_PER_MIN / 30) * 30))
  }

  usePointerDrag(
    drag !== null,
    (e) => {
      const d = dragRef.current
      if (!d) return
      if (d.kind === 'select') {
        const current = minuteAt(d.day, e.clientY)
        if (current !== d.current) setDrag({ ...d, current })
        return
      }
      const moved = dragged(d, e)
      const minutes = snap((e.clientY - d.y) / PX_PER_MIN)
      const column = d.kind === 'move' ? columnAt(e.clientX) : null
      const dayShift = column === null ? d.days : column - d.day
      if (moved !== d.moved || minutes !== d.minutes || dayShift !== d.days) setDrag({ ...d, moved, minutes, days: dayShift })
    },
    () => {
      const d = dragRef.current
      setDrag(null)
      if (!d) return
      if (d.kind === 'select') {
        const from = Math.min(d.anchor, d.current)
        const to = Math.max(d.anchor, d.current) + 30
        const base = startOfDay(days[d.day])
        onSelect(addMinutes(base, from), addMinutes(base, to))
        return
      }
      dropEvent(d, preview(d), onOpen, onChange)
    },
  )

  const columns = `${GUTTER} repeat(${days.length}, minmax(0, 1fr))`
  const allDayEvents = days.map((day) => eventsOnDay(shown, day).filter(isAllDayRow))

  return (
    <Flex direction="column" h="full" minH="0" data-testid="calendar-time-grid">
      <Grid templateColumns={columns} borderBottomWidth="1px" borderColor="border.muted" pe="2">
        <Box />
        {days.map((day) => {
          const isToday = sameDay(day, today)
          return (
            <Box key={ymd(day)} as="button" py="2" textAlign="center" borderStartWidth="1px" borderColor="border.muted" onClick={() => onShowDay(day)} _hover={{ bg: 'bg.muted' }}>
              <Text fontSize="xs" color={isToday ? 'brand.fg' : 'fg.muted'} textTransform="uppercase" fontWeight="semibold">
                {head.format(day)}
              </Text>
              <Text fontSize="xl" fontWeight={isToday ? 'bold' : 'medium'} color={isToday ? 'brand.fg' : 'fg'} lineHeight="short">
                {day.getDate()}
              </Text>
            </Box>
          )
        })}
      </Grid>
      <Grid templateColumns={columns} borderBottomWidth="1px" borderColor="border.muted" pe="2" minH="8">
        <Text fontSize="2xs" color="fg.subtle" textAlign="end" pe="2" pt="1.5">
          all day
        </Text>
        {days.map((day, i) => (
          <Stack key={ymd(day)} gap="0.5" p="1" borderStartWidth="1px" borderColor="border.muted" minW="0" data-testid={`allday-${ymd(day)}`}>
            {allDayEvents[i].map((ev) => (
              <EventChip
                key={ev.id}
                event={ev}
                onPointerDown={(e) => {
                  if (e.button === 0) onOpen(events.find((x) => x.id === ev.id) ?? ev)
                }}
              />
            ))}
          </Stack>
        ))}
      </Grid>
      <Box ref={scrollRef} flex="1" minH="0" overflowY="scroll" data-testid="calendar-scroll">
        <Grid ref={columnsRef} templateColumns={`${GUTTER} repeat(${days.length}, minmax(0, 1fr))`} position="relative" h={`${24 * HOUR_PX}px`}>
          <Box position="relative">
            {Array.from({ length: 23 }, (_, h) => (
              <Text key={h} position="absolute" top={`${(h + 1) * HOUR_PX - 7}px`} insetEnd="2" fontSize="2xs" color="fg.subtle">
                {hourLabel.format(new Date(2000, 0, 1, h + 1))}
              </Text>
            ))}
          </Box>
          {days.map((day, i) => {
            const placed = layoutDay(shown, day)
            const sel = drag?.kind === 'select' && drag.day === i ? drag : null
            const isToday = sameDay(day, now)
            return (
              <Box
                key={ymd(day)}
                position="relative"
                borderStartWidth="1px"
                borderColor="border.muted"
                cursor="cell"
                touchAction="none"
                userSelect="none"
                bg={isToday ? 'brand.muted/20' : undefined}
                backgroundImage={`repeating-linear-gradient(to bottom, var(--chakra-colors-border-muted) 0, var(--chakra-colors-border-muted) 1px, transparent 1px, transparent ${HOUR_PX}px)`}
                data-day-index={i}
                data-date={ymd(day)}
                onPointerDown={(e) => {
                  if (e.button !== 0 || (e.target as HTMLElement).closest('[data-event-id]')) return
                  const m = minuteAt(i, e.clientY)
                  setDrag({ kind: 'select', day: i, anchor: m, current: m })
                }}
                data-testid={`day-column-${ymd(day)}`}
              >
                {sel && (
                  <Box
                    position="absolute"
                    insetX="1"
                    top={`${Math.min(sel.anchor, sel.current) * PX_PER_MIN}px`}
                    h={`${(Math.abs(sel.current - sel.anchor) + 30) * PX_PER_MIN}px`}
                    bg="brand.solid/30"
                    borderWidth="1px"
                    borderColor="brand.solid"
                    borderRadius="md"
                    pointerEvents="none"
                    px="1.5"
                    fontSize="xs"
                    data-testid="calendar-selection"
                  >
                    {formatTime(addMinutes(startOfDay(day), Math.min(sel.anchor, sel.current)).toISOString())} –{' '}
                    {formatTime(addMinutes(startOfDay(day), Math.max(sel.anchor, sel.current) + 30).toISOString())}
                  </Box>
                )}
                {isToday && (
                  <Box position="absolute" insetX="0" top={`${((now.getTime() - startOfDay(now).getTime()) / 60000) * PX_PER_MIN}px`} h="2px" bg="red.500" zIndex="1" pointerEvents="none" />
                )}
                {placed.map((p) => {
                  const original = events.find((x) => x.id === p.event.id) ?? p.event
                  const active = moving?.id === p.event.id
                  return (
                    <Box
                      key={p.event.id}
                      position="absolute"
                      top={`${p.top * PX_PER_MIN}px`}
                      h={`${Math.max(18, (p.bottom - p.top) * PX_PER_MIN - 2)}px`}
                      left={`calc(${(p.column / p.columns) * 100}% + 2px)`}
                      w={`calc(${100 / p.columns}% - 4px)`}
                      bg="brand.solid"
                      color="brand.contrast"
                      borderRadius="md"
                      borderWidth="1px"
                      borderColor="bg"
                      px="1.5"
                      py="0.5"
                      overflow="hidden"
                      cursor="grab"
                      zIndex={active ? 3 : 2}
                      opacity={active ? 0.85 : 1}
                      boxShadow={active ? 'lg' : 'xs'}
                      onPointerDown={(e) => {
                        if (e.button !== 0) return
                        e.stopPropagation()
                        setDrag({ kind: 'move', event: original, day: i, x: e.clientX, y: e.clientY, minutes: 0, days: 0, moved: false })
                      }}
                      data-event-id={p.event.id}
                      data-testid={`event-${p.event.id}`}
                      data-start={p.event.start}
                      data-end={p.event.end}
                    >
                      <Text fontSize="xs" fontWeight="semibold" lineClamp={2} lineHeight="short">
                        {p.event.title}
                      </Text>
                      <Text fontSize="2xs" opacity={0.85}>
                        {formatTime(p.event.start)} – {formatTime(p.event.end)}
                      </Text>
                      <Box
                        position="absolute"
                        insetX="0"
                        bottom="0"
                        h="2"
                        cursor="ns-resize"
                        onPointerDown={(e) => {
                          if (e.button !== 0) return
                          e.stopPropagation()
                          setDrag({ kind: 'resize', event: original, day: i, x: e.clientX, y: e.clientY, minutes: 0, days: 0, moved: false })
                        }}
                        data-testid={`event-${p.event.id}-resize`}
                      />
                    </Box>
                  )
                })}
              </Box>
            )
          })}
        </Grid>
      </Box>
    </Flex>
  )
}

