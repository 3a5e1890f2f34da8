import { Box, Center, Flex, Stack, Text } from '@chakra-ui/react'

import type { CalendarEvent } from '../api'
import { eventsOnDay, formatRange, sameDay, visibleDays, ymd } from '../calendar-utils'

const dayFormat = new Intl.DateTimeFormat('en', { weekday: 'short', month: 'short', day: 'numeric' })

/** The next 30 days, day by day, with what happens on each. */
export function AgendaView({ date, events, onOpen }: { date: Date; events: CalendarEvent[]; onOpen: (e: CalendarEvent) => void }) {
  const days = visibleDays('agenda', date)
    .map((day) => ({ day, list: eventsOnDay(events, day) }))
    .filter((d) => d.list.length > 0)
  const today = new Date()
  if (days.length === 0) {
    return (
      <Center h="full" py="16" color="fg.muted" data-testid="calendar-agenda-empty">
        There are no events in this range.
      </Center>
    )
  }
  return (
    <Stack gap="0" overflowY="auto" h="full" data-testid="calendar-agenda">
      {days.map(({ day, list }) => (
        <Flex key={ymd(day)} gap={{ base: '3', md: '6' }} px={{ base: '3', md: '6' }} py="3" borderBottomWidth="1px" borderColor="border.muted" data-testid={`agenda-${ymd(day)}`}>
          <Box w={{ base: '20', md: '32' }} flexShrink={0}>
            <Text fontWeight="semibold" color={sameDay(day, today) ? 'brand.fg' : 'fg'}>
              {dayFormat.format(day)}
            </Text>
          </Box>
          <Stack flex="1" gap="2" minW="0">
            {list.map((e) => (
              <Flex
                key={e.id}
                as="button"
                textAlign="start"
                gap="3"
                align="flex-start"
                onClick={() => onOpen(e)}
                _hover={{ '& .agenda-title': { textDecoration: 'underline' } }}
                data-testid={`agenda-event-${e.id}`}
              >
                <Box boxSize="2.5" mt="1.5" borderRadius="full" bg="brand.solid" flexShrink={0} />
                <Text fontSize="sm" color="fg.muted" w={{ base: '24', md: '40' }} flexShrink={0}>
                  {formatRange(e)}
                </Text>
                <Box minW="0">
                  <Text className="agenda-title" fontSize="sm" fontWeight="medium">
                    {e.title}
                  </Text>
                  {e.desc && (
                    <Text fontSize="xs" color="fg.muted" lineClamp={2}>
                      {e.desc}
                    </Text>
                  )}
                </Box>
              </Flex>
            ))}
          </Stack>
        </Flex>
      ))}
    </Stack>
  )
}
