import { Badge, Box, Flex, HStack, Progress, Stack, Table, Text } from '@chakra-ui/react'
import { useMemo, useState } from 'react'
import { Area, AreaChart, Bar, BarChart, CartesianGrid, Cell, Legend, Line, LineChart, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'

import { ArrowDownIcon, ArrowUpIcon, SortIcon } from '@/components/icons'
import { RangeButtons, RangeSelect, WidgetCard } from '@/components/widget-card'
import { tooltipStyle } from '@/lib/chart-style'
import { formatK, formatNumber } from '@/lib/format'

import type { CampaignsWidget, FigureWidget, RangedChartWidget, SalesTrendWidget } from '../api'
import { chartRows, ofTargetText, sortCampaigns, targetFigure, type CampaignSort } from '../widgets'

const axis = { tickLine: false, axisLine: false, tick: { fill: 'currentColor' } } as const
const legendText = (value: string) => <span style={{ color: 'var(--chakra-colors-fg)' }}>{value}</span>

function Trend({ value, suffix = '%' }: { value: number; suffix?: string }) {
  const up = value > 0
  return (
    <HStack as="span" gap="0.5" color={value === 0 ? 'fg.muted' : up ? 'green.fg' : 'red.fg'} fontWeight="medium">
      {value !== 0 && (up ? <ArrowUpIcon boxSize="3.5" /> : <ArrowDownIcon boxSize="3.5" />)}
      <span>
        {up ? '+' : ''}
        {value}
        {suffix}
      </span>
    </HStack>
  )
}

/** Widget 1: sales per month, one line per year (the year buttons switch it). */
export function SalesChart({ widget }: { widget: RangedChartWidget }) {
  const [range, setRange] = useState(widget.currentRange)
  const chart = widget.mainChart[range]
  const colour = chart?.datasets[0]?.borderColor ?? '#42a5f5'
  return (
    <Box bg="bg.panel" borderWidth="1px" borderColor="border.muted" borderRadius="xl" p={{ base: '4', md: '6' }} data-testid="widget-sales">
      <Flex justify="space-between" align="center" wrap="wrap" gap="3" mb="4">
        <Box>
          <Text fontSize="xs" color="fg.muted" textTransform="uppercase" letterSpacing="wider">
            Overview
          </Text>
          <Text fontSize="xl" fontWeight="semibold">
            {widget.title} {range}
          </Text>
        </Box>
        <RangeButtons ranges={widget.ranges} value={range} onChange={setRange} testId="sales-range" />
      </Flex>
      <Box h={{ base: '220px', md: '280px' }} color="fg.muted" fontSize="xs" data-testid="sales-chart" data-range={range}>
        <ResponsiveContainer width="100%" height="100%" minWidth={240}>
          <AreaChart data={chartRows(chart)} margin={{ top: 10, right: 10, left: 0, bottom: 0 }}>
            <defs>
              <linearGradient id="sales-fill" x1="0" y1="0" x2="0" y2="1">
                <stop offset="0%" stopColor={colour} stopOpacity={0.45} />
                <stop offset="100%" stopColor={colour} stopOpacity={0.02} />
              </linearGradient>
            </defs>
            <CartesianGrid strokeDasharray="4 4" vertical={false} stroke="currentColor" strokeOpacity={0.2} />
            <XAxis dataKey="label" {...axis} />
            <YAxis {...axis} width={36} />
            <Tooltip {...tooltipStyle} />
            <Area type="linear" dataKey="s0" name={chart?.datasets[0]?.label} stroke={colour} strokeWidth={2.5} fill="url(#sales-fill)" dot={{ r: 3, strokeWidth: 2, fill: 'var(--chakra-colors-bg-panel)' }} isAnimationActive={false} />
          </AreaChart>
        </ResponsiveContainer>
      </Box>
    </Box>
  )
}

const FIGURE_IDS: Record<FigureWidget['id'], string> = { widget2: 'conversion', widget3: 'impressions', widget4: 'visits' }

/** Widgets 2 to 4: a figure against its target with its small chart. */
export function FigureCard({ widget }: { widget: FigureWidget }) {
  const figure = targetFigure(widget)
  const testId = FIGURE_IDS[widget.id]
  const rows = chartRows(widget)
  const dataset = widget.datasets[0]
  const colour = dataset?.borderColor ?? (typeof dataset?.backgroundColor === 'string' ? dataset.backgroundColor : '#5c6bc0')
  return (
    <WidgetCard title={widget.title} testId={`widget-${testId}`}>
      <Flex align="baseline" gap="3" wrap="wrap">
        <Text fontSize="3xl" fontWeight="bold" lineHeight="1" data-testid={`${testId}-value`}>
          {figure ? (typeof figure.value === 'number' ? formatNumber(figure.value) : figure.value) : ''}
        </Text>
        {figure && (
          <Text fontSize="sm" data-testid={`${testId}-target`}>
            <Trend value={figure.ofTarget} /> <Text as="span" color="fg.muted">{ofTargetText(figure.ofTarget).replace(/^[+-]?\d+% /, '')}</Text>
          </Text>
        )}
      </Flex>
      <Box h="110px" mt="4" color="fg.muted" fontSize="xs">
        <ResponsiveContainer width="100%" height="100%" minWidth={160}>
          {widget.chartType === 'bar' ? (
            <BarChart data={rows} margin={{ top: 4, right: 0, left: 0, bottom: 0 }}>
              <XAxis dataKey="label" hide />
              <Tooltip {...tooltipStyle} formatter={(v) => formatNumber(Number(v))} />
              <Bar dataKey="s0" name={dataset?.label} fill="#5c6bc0" radius={[3, 3, 0, 0]} isAnimationActive={false} />
            </BarChart>
          ) : (
            <LineChart data={rows} margin={{ top: 4, right: 4, left: 4, bottom: 0 }}>
              <XAxis dataKey="label" hide />
              <Tooltip {...tooltipStyle} formatter={(v) => formatNumber(Number(v))} />
              <Line type="monotone" dataKey="s0" name={dataset?.label} stroke={colour} strokeWidth={2.5} dot={false} isAnimationActive={false} />
            </LineChart>
          )}
        </ResponsiveContainer>
      </Box>
    </WidgetCard>
  )
}

/** Widget 5: visitors and page views over the chosen range (two scales). */
export function VisitorsChart({ widget }: { widget: RangedChartWidget }) {
  const [range, setRange] = useState(widget.currentRange)
  const chart = widget.mainChart[range]
  const colours = ['#f97316', '#42a5f5']
  return (
    <WidgetCard title={widget.title} testId="widget-visitors" action={<RangeButtons ranges={widget.ranges} value={range} onChange={setRange} testId="visitors-range" />}>
      <Box h="300px" color="fg.muted" fontSize="xs" data-testid="visitors-chart" data-range={range}>
        <ResponsiveContainer width="100%" height="100%" minWidth={240}>
          <AreaChart data={chartRows(chart)} margin={{ top: 10, right: 0, left: 0, bottom: 0 }}>
            <CartesianGrid strokeDasharray="4 4" vertical={false} stroke="currentColor" strokeOpacity={0.2} />
            <XAxis dataKey="label" {...axis} />
            <YAxis yAxisId="left" {...axis} width={36} />
            <YAxis yAxisId="right" orientation="right" {...axis} width={40} tickFormatter={formatK} />
            <Tooltip {...tooltipStyle} formatter={(v) => formatNumber(Number(v))} />
            <Legend iconType="circle" iconSize={8} formatter={legendText} />
            {chart?.datasets.map((d, n) => (
              <Area
                key={d.label ?? n}
                yAxisId={n === 0 ? 'left' : 'right'}
                type="monotone"
                dataKey={`s${n}`}
                name={d.label}
                stroke={colours[n % colours.length]}
                fill={colours[n % colours.length]}
                fillOpacity={0.12}
                strokeWidth={2}
                isAnimationActive={false}
              />
            ))}
          </AreaChart>
        </ResponsiveContainer>
      </Box>
    </WidgetCard>
  )
}

/** Widget 7: sessions by device, a doughnut (the API's 75 % cutout) with each share and its change. */
export function DevicesChart({ widget }: { widget: RangedChartWidget }) {
  const [range, setRange] = useState(widget.currentRange)
  const dataset = widget.mainChart[range]?.datasets[0]
  const labels = widget.mainChart[range]?.labels ?? []
  const colours = Array.isArray(dataset?.backgroundColor) ? dataset.backgroundColor : []
  const data = labels.map((name, i) => ({ name, value: dataset?.data[i] ?? 0, change: dataset?.change?.[i] ?? 0, color: colours[i] ?? '#64748b' }))
  return (
    <WidgetCard
      title={widget.title}
      testId="widget-devices"
      action={<RangeSelect ranges={widget.ranges} value={range} onChange={setRange} testId="devices-range" label="Sessions range" />}
    >
      <Box h="200px" data-testid="devices-chart" data-range={range} data-cutout={widget.options?.cutoutPercentage}>
        <ResponsiveContainer width="100%" height="100%" minWidth={160}>
          <PieChart>
            <Pie data={data} dataKey="value" nameKey="name" innerRadius={`${widget.options?.cutoutPercentage ?? 75}%`} outerRadius="100%" stroke="none" paddingAngle={2} isAnimationActive={false}>
              {data.map((d) => (
                <Cell key={d.name} fill={d.color} />
              ))}
            </Pie>
            <Tooltip {...tooltipStyle} formatter={(v) => `${Number(v)}%`} />
          </PieChart>
        </ResponsiveContainer>
      </Box>
      <Flex justify="space-around" mt="5" gap="2" data-testid="devices-legend">
        {data.map((d) => (
          <Stack key={d.name} align="center" gap="0.5" data-testid={`device-${d.name.toLowerCase()}`}>
            <HStack gap="1.5">
              <Box boxSize="2.5" borderRadius="full" bg={d.color} />
              <Text fontSize="sm" color="fg.muted">
                {d.name}
              </Text>
            </HStack>
            <Text fontSize="xl" fontWeight="bold" data-testid={`device-${d.name.toLowerCase()}-share`}>
              {d.value}%
            </Text>
            <Text fontSize="xs">
              <Trend value={d.change} />
            </Text>
          </Stack>
        ))}
      </Flex>
    </WidgetCard>
  )
}

/** Widget 8: "How are your sales?": today's figure, its change and the trend over the range. */
export function SalesTrend({ widget }: { widget: SalesTrendWidget }) {
  const [range, setRange] = useState(widget.currentRange)
  const chart = widget.mainChart[range]
  return (
    <WidgetCard
      title={widget.title}
      testId="widget-sales-trend"
      action={<RangeSelect ranges={widget.ranges} value={range} onChange={setRange} testId="sales-trend-range" label="Sales range" />}
    >
      <Flex align="baseline" gap="3" wrap="wrap">
        <Text fontSize="3xl" fontWeight="bold" lineHeight="1" data-testid="sales-trend-today">
          {widget.today}
        </Text>
        <Text fontSize="sm" color="fg.muted">
          sold today
        </Text>
      </Flex>
      <HStack gap="2" mt="2" fontSize="sm" data-testid="sales-trend-change">
        <Trend value={widget.change.value} suffix="" />
        <Text color="fg.muted">({widget.change.percentage}%) since yesterday</Text>
      </HStack>
      <Box h="180px" mt="4" color="fg.muted" fontSize="xs" data-testid="sales-trend-chart" data-range={range}>
        <ResponsiveContainer width="100%" height="100%" minWidth={200}>
          <LineChart data={chartRows(chart)} margin={{ top: 6, right: 6, left: 0, bottom: 0 }}>
            <CartesianGrid strokeDasharray="4 4" vertical={false} stroke="currentColor" strokeOpacity={0.2} />
            <XAxis dataKey="label" {...axis} interval="preserveStartEnd" />
            <YAxis {...axis} width={40} domain={['auto', 'auto']} />
            <Tooltip {...tooltipStyle} formatter={(v) => formatNumber(Number(v))} />
            <Line type="monotone" dataKey="s0" name={chart?.datasets[0]?.label} stroke="#26a69a" strokeWidth={2.5} dot={false} isAnimationActive={false} />
          </LineChart>
        </ResponsiveContainer>
      </Box>
    </WidgetCard>
  )
}

const COLUMNS: { key: CampaignSort['key']; title: string; numeric: boolean }[] = [
  { key: 'title', title: 'Campaign', numeric: false },
  { key: 'clicks', title: 'Clicks', numeric: true },
  { key: 'conversion', title: 'Conversion', numeric: true },
]

/** Widget 9: the top campaigns (title, clicks, conversion), sortable. */
export function CampaignsTable({ widget }: { widget: CampaignsWidget }) {
  const [sort, setSort] = useState<CampaignSort>({ key: 'clicks', dir: 'desc' })
  const rows = useMemo(() => sortCampaigns(widget.rows, sort), [widget.rows, sort])
  const toggle = (key: CampaignSort['key']) =>
    setSort((s) => (s.key === key ? { key, dir: s.dir === 'asc' ? 'desc' : 'asc' } : { key, dir: key === 'title' ? 'asc' : 'desc' }))
  return (
    <WidgetCard title={widget.title} testId="widget-campaigns">
      <Table.ScrollArea>
        <Table.Root size="sm" data-testid="campaigns-table">
          <Table.Header>
            <Table.Row>
              {COLUMNS.map((c) => (
                <Table.ColumnHeader key={c.key} textAlign={c.numeric ? 'end' : 'start'} aria-sort={sort.key === c.key ? (sort.dir === 'asc' ? 'ascending' : 'descending') : 'none'}>
                  <Box as="button" display="inline-flex" alignItems="center" gap="1" onClick={() => toggle(c.key)} data-testid={`campaigns-sort-${c.key}`} cursor="pointer">
                    {c.title}
                    {sort.key === c.key ? sort.dir === 'asc' ? <ArrowUpIcon boxSize="3" /> : <ArrowDownIcon boxSize="3" /> : <SortIcon boxSize="3" opacity={0.4} />}
                  </Box>
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((row) => (
              <Table.Row key={row.id} data-testid={`campaign-${row.id}`}>
                <Table.Cell fontWeight="medium">{row.title}</Table.Cell>
                <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums" data-testid={`campaign-${row.id}-clicks`}>
                  {formatNumber(row.clicks)}
                </Table.Cell>
                <Table.Cell textAlign="end" w={{ base: 'auto', sm: '44' }}>
                  <HStack justify="flex-end" gap="3">
                    <Progress.Root value={row.conversion} max={100} size="xs" w="16" display={{ base: 'none', sm: 'block' }} colorPalette={row.conversion >= 50 ? 'green' : row.conversion >= 25 ? 'orange' : 'red'}>
                      <Progress.Track>
                        <Progress.Range />
                      </Progress.Track>
                    </Progress.Root>
                    <Badge variant="subtle" colorPalette={row.conversion >= 50 ? 'green' : row.conversion >= 25 ? 'orange' : 'red'} data-testid={`campaign-${row.id}-conversion`}>
                      {row.conversion}%
                    </Badge>
                  </HStack>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </WidgetCard>
  )
}
