import { Box, Flex, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { Cell, Pie, PieChart, ResponsiveContainer, Tooltip } from 'recharts'

import { RangeSelect, WidgetCard } from '@/components/widget-card'
import { tooltipStyle } from '@/lib/chart-style'
import { formatNumber } from '@/lib/format'

import type { DistributionWidget, ScheduleWidget } from '../api'
import { sharePercent, slices } from '../widgets'

/** Widget 6: tasks per area as a doughnut (the API's cutout, 66 %), with tasks added and completed. */
export function TaskDistribution({ widget }: { widget: DistributionWidget }) {
  const [range, setRange] = useState(widget.currentRange)
  const data = slices(widget.mainChart[range])
  const values = data.map((d) => d.value)
  const cutout = `${widget.options.cutoutPercentage}%`
  return (
    <WidgetCard
      title={widget.title}
      testId="widget-task-distribution"
      action={<RangeSelect ranges={widget.ranges} value={range} onChange={setRange} testId="task-distribution-range" label="Task distribution range" />}
    >
      <Box h="220px" data-testid="task-distribution-chart" data-range={range} data-cutout={widget.options.cutoutPercentage}>
        <ResponsiveContainer width="100%" height="100%" minWidth={180}>
          <PieChart>
            <Pie data={data} dataKey="value" nameKey="name" innerRadius={cutout} outerRadius="100%" paddingAngle={1} stroke="none" isAnimationActive={false}>
              {data.map((d) => (
                <Cell key={d.name} fill={d.color} />
              ))}
            </Pie>
            <Tooltip {...tooltipStyle} formatter={(v) => formatNumber(Number(v))} />
          </PieChart>
        </ResponsiveContainer>
      </Box>
      <HStack justify="center" gap="4" wrap="wrap" mt="4" data-testid="task-distribution-legend">
        {data.map((d, i) => (
          <HStack key={d.name} gap="1.5" fontSize="sm">
            <Box boxSize="2.5" borderRadius="full" bg={d.color} />
            <Text>{d.name}</Text>
            <Text color="fg.muted">{sharePercent(values, i)}%</Text>
          </HStack>
        ))}
      </HStack>
      <SimpleGrid columns={2} mt="5" borderTopWidth="1px" borderColor="border.muted">
        {[widget.footerLeft, widget.footerRight].map((footer, i) => (
          <Stack key={footer.title} align="center" gap="0" pt="4" borderStartWidth={i === 1 ? '1px' : undefined} borderColor="border.muted">
            <Text fontSize="2xl" fontWeight="bold" data-testid={`task-distribution-footer-${i}`}>
              {formatNumber(footer.count[range] ?? 0)}
            </Text>
            <Text fontSize="sm" color="fg.muted">
              {footer.title}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </WidgetCard>
  )
}

/** Widget 7: the schedule of Today or Tomorrow. */
export function Schedule({ widget }: { widget: ScheduleWidget }) {
  const [range, setRange] = useState(widget.currentRange)
  const items = widget.schedule[range] ?? []
  return (
    <WidgetCard
      title={widget.title}
      testId="widget-schedule"
      action={<RangeSelect ranges={widget.ranges} value={range} onChange={setRange} testId="schedule-range" label="Schedule day" />}
    >
      <Stack as="ul" gap="0" data-testid="schedule-list" data-range={range}>
        {items.map((item) => (
          <Flex as="li" key={item.id} align="center" gap="3" py="3" borderBottomWidth="1px" borderColor="border.muted" _last={{ borderBottomWidth: 0 }} data-testid={`schedule-item-${item.id}`}>
            <Box w="1" alignSelf="stretch" borderRadius="full" bg="brand.solid" flexShrink={0} />
            <Box minW="0" flex="1">
              <Text fontWeight="medium" truncate>
                {item.title}
              </Text>
              <Text fontSize="sm" color="fg.muted">
                {item.time}
              </Text>
            </Box>
          </Flex>
        ))}
      </Stack>
    </WidgetCard>
  )
}
