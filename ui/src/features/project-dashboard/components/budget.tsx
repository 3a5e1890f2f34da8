import { Badge, Box, HStack, Stack, Table, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { Area, AreaChart, Cell, Pie, PieChart, ResponsiveContainer, Tooltip } from 'recharts'

import { ArrowDownIcon, ArrowUpIcon } from '@/components/icons'
import { RangeSelect, WidgetCard } from '@/components/widget-card'
import { tooltipStyle } from '@/lib/chart-style'

import type { BudgetDistributionWidget, SpentBlock, SpentWidget, TableCell, TableWidget } from '../api'
import { cellPalette, chartRows, slices } from '../widgets'

/** Widget 8: each budget type's share of the total budget. */
export function BudgetDistribution({ widget }: { widget: BudgetDistributionWidget }) {
  const data = slices(widget.mainChart)
  return (
    <WidgetCard title={widget.title} testId="widget-budget-distribution">
      <Box h="240px" data-testid="budget-distribution-chart">
        <ResponsiveContainer width="100%" height="100%" minWidth={180}>
          <PieChart>
            <Pie
              data={data}
              dataKey="value"
              nameKey="name"
              innerRadius={`${widget.options.cutoutPercentage}%`}
              outerRadius="100%"
              stroke="var(--chakra-colors-bg-panel)"
              strokeWidth={2}
              isAnimationActive={false}
            >
              {data.map((d) => (
                <Cell key={d.name} fill={d.color} />
              ))}
            </Pie>
            <Tooltip {...tooltipStyle} formatter={(v) => `${Number(v)}%`} />
          </PieChart>
        </ResponsiveContainer>
      </Box>
      <Stack gap="2" mt="5" data-testid="budget-distribution-legend">
        {data.map((d) => (
          <HStack key={d.name} justify="space-between" fontSize="sm">
            <HStack gap="2">
              <Box boxSize="2.5" borderRadius="full" bg={d.color} />
              <Text>{d.name}</Text>
            </HStack>
            <Text fontWeight="semibold">{d.value}%</Text>
          </HStack>
        ))}
      </Stack>
    </WidgetCard>
  )
}

const SPENT_COLOURS = ['#42a5f5', '#ef5350', '#66bb6a']

function SpentRow({ block, range, colour, testId }: { block: SpentBlock; range: string; colour: string; testId: string }) {
  return (
    <HStack justify="space-between" gap="4" py="4" borderBottomWidth="1px" borderColor="border.muted" _last={{ borderBottomWidth: 0 }} data-testid={testId}>
      <Box>
        <Text fontSize="xs" fontWeight="semibold" color="fg.muted" letterSpacing="wide">
          {block.title}
        </Text>
        <Text fontSize="2xl" fontWeight="bold" data-testid={`${testId}-count`}>
          ${block.count[range]}
        </Text>
      </Box>
      <Box h="48px" w={{ base: '110px', md: '160px' }} flexShrink={0}>
        <ResponsiveContainer width="100%" height="100%" minWidth={80}>
          <AreaChart data={chartRows(block.chart[range])} margin={{ top: 4, right: 0, left: 0, bottom: 0 }}>
            <Area type="monotone" dataKey="s0" stroke={colour} fill={colour} fillOpacity={0.2} strokeWidth={2} isAnimationActive={false} />
          </AreaChart>
        </ResponsiveContainer>
      </Box>
    </HStack>
  )
}

/** Widget 9: weekly spent, total spent and remaining, per week range. */
export function Spent({ widget }: { widget: SpentWidget }) {
  const [range, setRange] = useState(widget.currentRange)
  return (
    <WidgetCard
      title={widget.title}
      testId="widget-spent"
      action={<RangeSelect ranges={widget.ranges} value={range} onChange={setRange} testId="spent-range" label="Spent range" />}
    >
      <Stack gap="0">
        <SpentRow block={widget.weeklySpent} range={range} colour={SPENT_COLOURS[0]} testId="spent-weekly" />
        <SpentRow block={widget.totalSpent} range={range} colour={SPENT_COLOURS[1]} testId="spent-total" />
        <SpentRow block={widget.remaining} range={range} colour={SPENT_COLOURS[2]} testId="spent-remaining" />
      </Stack>
    </WidgetCard>
  )
}

function BudgetCell({ cell }: { cell: TableCell }) {
  const palette = cellPalette(cell.classes)
  if (cell.id === 'budget_type') {
    return (
      <Badge colorPalette={palette ?? 'gray'} variant="solid" size="md">
        {cell.value}
      </Badge>
    )
  }
  const trend = cell.icon === 'trending_up' ? <ArrowUpIcon boxSize="3.5" /> : cell.icon === 'trending_down' ? <ArrowDownIcon boxSize="3.5" /> : null
  return (
    <HStack gap="1" color={palette ? `${palette}.fg` : undefined} fontWeight={cell.classes?.includes('font-semibold') ? 'semibold' : undefined}>
      <Text>{cell.value}</Text>
      {trend}
      {cell.icon === 'trending_flat' && <Text aria-hidden>→</Text>}
    </HStack>
  )
}

/** Widget 10: budget details (type, total, spent $ and %, remaining $ and %). */
export function BudgetDetails({ widget }: { widget: TableWidget }) {
  return (
    <WidgetCard title={widget.title} testId="widget-budget-details">
      <Table.ScrollArea>
        <Table.Root size="sm" data-testid="budget-table">
          <Table.Header>
            <Table.Row>
              {widget.table.columns.map((c) => (
                <Table.ColumnHeader key={c.id} whiteSpace="nowrap">
                  {c.title}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {widget.table.rows.map((row) => (
              <Table.Row key={row.id} data-testid={`budget-row-${row.id}`}>
                {row.cells.map((cell) => (
                  <Table.Cell key={cell.id} whiteSpace="nowrap">
                    <BudgetCell cell={cell} />
                  </Table.Cell>
                ))}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </WidgetCard>
  )
}
