/** Pure helpers of the analytics dashboard. */
import type { Campaign, FigureWidget, TargetFigure } from './api'

export { chartRows, widgetById } from '@/lib/chart-data'

/** The figure a widget 2-4 carries (conversion, impressions or visits). */
export function targetFigure(widget: FigureWidget): TargetFigure | null {
  return widget.conversion ?? widget.impressions ?? widget.visits ?? null
}

/** '+5% of target', '-6% of target', 'on target'. */
export function ofTargetText(ofTarget: number): string {
  if (ofTarget === 0) return 'on target'
  return `${ofTarget > 0 ? '+' : ''}${ofTarget}% of target`
}

export type CampaignSort = { key: 'title' | 'clicks' | 'conversion'; dir: 'asc' | 'desc' }

export function sortCampaigns(rows: readonly Campaign[], sort: CampaignSort): Campaign[] {
  const factor = sort.dir === 'asc' ? 1 : -1
  return [...rows].sort((a, b) => {
    const x = a[sort.key]
    const y = b[sort.key]
    const order = typeof x === 'string' && typeof y === 'string' ? x.localeCompare(y) : Number(x) - Number(y)
    return order * factor || a.id - b.id
  })
}

/** Marker radius (px) by visitors: area proportional to the count, between min and max. */
export function markerRadius(visitors: number, most: number, min = 4, max = 16): number {
  if (most <= 0) return min
  return min + (max - min) * Math.sqrt(Math.max(0, visitors) / most)
}
