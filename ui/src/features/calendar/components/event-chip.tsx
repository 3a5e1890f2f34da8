import { Box, Text } from '@chakra-ui/react'
import type { PointerEvent as ReactPointerEvent } from 'react'

import type { CalendarEvent } from '../api'
import { formatTime } from '../calendar-utils'

/** One event in the month view or the all-day row; drag it to move, drag its end to resize. */
export function EventChip({
  event,
  onPointerDown,
  onResizeDown,
  dragging,
}: {
  event: CalendarEvent
  onPointerDown?: (e: ReactPointerEvent) => void
  onResizeDown?: (e: ReactPointerEvent) => void
  dragging?: boolean
}) {
  return (
    <Box
      position="relative"
      px="1.5"
      py="0.5"
      borderRadius="sm"
      fontSize="xs"
      lineHeight="short"
      bg={event.allDay ? 'brand.solid' : 'brand.muted'}
      color={event.allDay ? 'brand.contrast' : 'brand.fg'}
      cursor="grab"
      userSelect="none"
      touchAction="none"
      opacity={dragging ? 0.7 : 1}
      boxShadow={dragging ? 'lg' : undefined}
      onPointerDown={onPointerDown}
      title={event.title}
      data-event-id={event.id}
      data-testid={`event-${event.id}`}
    >
      <Text truncate pe={onResizeDown ? '2' : '0'}>
        {!event.allDay && (
          <Text as="span" fontWeight="semibold" me="1" display={{ base: 'none', md: 'inline' }}>
            {formatTime(event.start)}
          </Text>
        )}
        {event.title}
      </Text>
      {onResizeDown && (
        <Box
          position="absolute"
          top="0"
          bottom="0"
          insetEnd="0"
          w="2"
          cursor="ew-resize"
          onPointerDown={(e) => {
            e.stopPropagation()
            onResizeDown(e)
          }}
          data-testid={`event-${event.id}-resize`}
        />
      )}
    </Box>
  )
}
