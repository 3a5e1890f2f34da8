import { Box, Flex, Text } from '@chakra-ui/react'
import { useState } from 'react'

import { formatNumber } from '@/lib/format'

import type { CounterWidget, DueTasksWidget } from '../api'

import { RangeSelect, WidgetCard } from '@/components/widget-card'

function Counter({ value, name, color, extra, testId }: { value: number | string; name: string; color: string; extra: string; testId: string }) {
  return (
    <>
      <Flex direction="column" align="center" py="2">
        <Text fontSize={{ base: '5xl', md: '6xl' }} fontWeight="bold" lineHeight="1" color={color} data-testid={`${testId}-count`}>
          {typeof value === 'number' ? formatNumber(value) : value}
        </Text>
        <Text fontSize="sm" fontWeight="medium" color={color} mt="2" textTransform="uppercase" letterSpacing="wide">
          {name}
        </Text>
      </Flex>
      <Box borderTopWidth="1px" borderColor="border.muted" mt="4" pt="3">
        <Text fontSize="sm" color="fg.muted" textAlign="center" data-testid={`${testId}-extra`}>
          {extra}
        </Text>
      </Box>
    </>
  )
}

/** Widget 1: due tasks for Yesterday / Today / Tomorrow, with the tasks completed in that range. */
export function DueTasks({ widget }: { widget: DueTasksWidget }) {
  const [range, setRange] = useState(widget.currentRange)
  const completed = widget.data.extra.count[range]
  return (
    <WidgetCard
      title={widget.title}
      testId="widget-due-tasks"
      action={<RangeSelect ranges={widget.ranges} value={range} onChange={setRange} testId="due-tasks-range" label="Due tasks range" />}
    >
      <Counter
        value={widget.data.count[range] ?? 0}
        name={widget.data.name}
        color="blue.fg"
        extra={`${widget.data.extra.name}: ${typeof completed === 'number' ? formatNumber(completed) : completed}`}
        testId="due-tasks"
      />
    </WidgetCard>
  )
}

const COUNTER_COLOURS: Record<CounterWidget['id'], string> = { widget2: 'red.fg', widget3: 'orange.fg', widget4: 'green.fg' }
const COUNTER_IDS: Record<CounterWidget['id'], string> = { widget2: 'overdue', widget3: 'issues', widget4: 'features' }

/** Widgets 2 to 4: overdue tasks, open issues, feature proposals. */
export function CounterCard({ widget }: { widget: CounterWidget }) {
  const testId = COUNTER_IDS[widget.id]
  return (
    <WidgetCard title={widget.title} testId={`widget-${testId}`}>
      <Counter
        value={widget.data.count}
        name={widget.data.name}
        color={COUNTER_COLOURS[widget.id]}
        extra={`${widget.data.extra.name}: ${formatNumber(widget.data.extra.count)}`}
        testId={testId}
      />
    </WidgetCard>
  )
}
