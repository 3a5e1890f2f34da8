import { Box } from '@chakra-ui/react'
import { Bar, BarChart, CartesianGrid, Cell, LabelList, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'

import { themedTooltip } from '@/lib/chart-style'
import { formatK, formatMoney, formatNumber } from '@/lib/format'
import { valueColor } from '@/lib/record-colors'

import type { Count, StageFigure } from '../stats'

/** Value per stage and value weighted by probability; value labels above the bars (k). */
export function PipelineChart({ stages }: { stages: StageFigure[] }) {
  return (
    <Box h="300px" color="fg.muted" fontSize="xs" data-testid="pipeline-chart">
      <ResponsiveContainer width="100%" height="100%" minWidth={240}>
        <BarChart data={stages} margin={{ top: 24, right: 8, left: 0, bottom: 0 }} barGap={4}>
          <CartesianGrid strokeDasharray="4 4" vertical={false} stroke="currentColor" strokeOpacity={0.25} />
          <XAxis dataKey="label" tickLine={false} axisLine={false} tick={{ fill: 'currentColor' }} />
          <YAxis tickFormatter={formatK} tickLine={false} axisLine={false} width={44} tick={{ fill: 'currentColor' }} />
          <Tooltip {...themedTooltip} formatter={(v) => formatMoney(Number(v))} />
          <Legend iconType="circle" iconSize={8} />
          <Bar dataKey="amount" name="Value" fill="#2dd4bf" radius={[4, 4, 0, 0]} isAnimationActive={false}>
            {stages.map((s) => (
              <Cell key={s.value} fill={valueColor('stages', s.value) ?? '#2dd4bf'} />
            ))}
            <LabelList dataKey="amount" position="top" formatter={(v: unknown) => formatK(Number(v))} fill="currentColor" />
          </Bar>
          <Bar dataKey="weighted" name="Weighted by probability" fill="#64748b" fillOpacity={0.55} radius={[4, 4, 0, 0]} isAnimationActive={false}>
            <LabelList dataKey="weighted" position="top" formatter={(v: unknown) => formatK(Number(v))} fill="currentColor" />
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </Box>
  )
}

/** Counts per value (risk levels, document states) as coloured bars with the count above. */
export function CountChart({ counts, list, testId }: { counts: Count[]; list: string; testId: string }) {
  return (
    <Box h="220px" color="fg.muted" fontSize="xs" data-testid={testId}>
      <ResponsiveContainer width="100%" height="100%" minWidth={200}>
        <BarChart data={counts} margin={{ top: 24, right: 8, left: 0, bottom: 0 }}>
          <CartesianGrid strokeDasharray="4 4" vertical={false} stroke="currentColor" strokeOpacity={0.25} />
          <XAxis dataKey="label" tickLine={false} axisLine={false} tick={{ fill: 'currentColor' }} />
          <YAxis allowDecimals={false} tickLine={false} axisLine={false} width={32} tick={{ fill: 'currentColor' }} />
          <Tooltip {...themedTooltip} formatter={(v) => formatNumber(Number(v))} />
          <Bar dataKey="count" name="Count" radius={[4, 4, 0, 0]} isAnimationActive={false}>
            {counts.map((c) => (
              <Cell key={c.value} fill={valueColor(list, c.value, c.color) ?? '#2dd4bf'} />
            ))}
            <LabelList dataKey="count" position="top" fill="currentColor" />
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </Box>
  )
}
