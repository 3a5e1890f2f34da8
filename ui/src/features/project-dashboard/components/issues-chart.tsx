import { Box, Grid, SimpleGrid, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { Area, AreaChart, Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'

import { RangeButtons, WidgetCard } from '@/components/widget-card'
import { tooltipStyle } from '@/lib/chart-style'
import { formatNumber } from '@/lib/format'

import type { IssuesWidget } from '../api'
import { chartRows } from '../widgets'

const SPARK_COLOURS = ['#42BFF7', '#66BB6A', '#FFA726', '#EF5350', '#AB47BC', '#26A69A']

/** Widget 5: issues opened and closed per weekday, with the supporting counts, per week range. */
export function IssuesChart({ widget }: { widget: IssuesWidget }) {
  const [range, setRange] = useState(widget.currentRange)
  const chart = widget.mainChart[range]
  const rows = chartRows(chart)
  return (
    <WidgetCard
      title={widget.title}
      testId="widget-issues-chart"
      action={<RangeButtons ranges={widget.ranges} value={range} onChange={setRange} testId="issues-range" />}
    >
      <Grid templateColumns={{ base: '1fr', xl: 'minmax(0, 3fr) minmax(0, 2fr)' }} gap="6">
        <Box h="300px" color="fg.muted" fontSize="xs" data-testid="issues-main-chart" data-range={range}>
          <Text fontSize="sm" fontWeight="medium" color="fg" mb="2">
            Issues vs closed issues
          </Text>
          <ResponsiveContainer width="100%" height="90%" minWidth={200}>
            <BarChart data={rows} margin={{ top: 8, right: 8, left: 0, bottom: 0 }} barGap={2}>
              <CartesianGrid strokeDasharray="4 4" vertical={false} stroke="currentColor" strokeOpacity={0.25} />
              <XAxis dataKey="label" tickLine={false} axisLine={false} tick={{ fill: 'currentColor' }} />
              <YAxis allowDecimals={false} tickLine={false} axisLine={false} width={32} tick={{ fill: 'currentColor' }} />
              <Tooltip {...tooltipStyle} formatter={(v) => formatNumber(Number(v))} />
              <Legend iconType="circle" iconSize={8} formatter={(value) => <span style={{ color: "var(--chakra-colors-fg)" }}>{value}</span>} />
              {chart?.datasets.map((d, n) => (
                <Bar
                  key={d.label ?? n}
                  dataKey={`s${n}`}
                  name={d.label}
                  fill={typeof d.backgroundColor === 'string' ? d.backgroundColor : SPARK_COLOURS[n]}
                  radius={[4, 4, 0, 0]}
                  isAnimationActive={false}
                />
              ))}
            </BarChart>
          </ResponsiveContainer>
        </Box>
        <SimpleGrid columns={{ base: 2, sm: 3, xl: 2 }} gap="3" data-testid="issues-supporting">
          {Object.entries(widget.supporting).map(([key, item], n) => {
            const colour = SPARK_COLOURS[n % SPARK_COLOURS.length]
            return (
              <Box key={key} borderWidth="1px" borderColor="border.muted" borderRadius="lg" p="3" bg="bg.subtle" data-testid={`issues-${key}`}>
                <Text fontSize="2xs" fontWeight="semibold" color="fg.muted" letterSpacing="wide">
                  {item.name}
                </Text>
                <Text fontSize="2xl" fontWeight="bold" data-testid={`issues-${key}-count`}>
                  {formatNumber(item.count[range] ?? 0)}
                </Text>
                <Box h="36px" mt="1">
                  <ResponsiveContainer width="100%" height="100%" minWidth={60}>
                    <AreaChart data={chartRows(item.chart[range])} margin={{ top: 2, right: 0, left: 0, bottom: 0 }}>
                      <Area type="monotone" dataKey="s0" stroke={colour} fill={colour} fillOpacity={0.2} strokeWidth={2} isAnimationActive={false} />
                    </AreaChart>
                  </ResponsiveContainer>
                </Box>
              </Box>
            )
          })}
        </SimpleGrid>
      </Grid>
    </WidgetCard>
  )
}
