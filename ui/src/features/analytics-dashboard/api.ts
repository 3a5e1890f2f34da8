/** Analytics dashboard API (GET /api/analytics-dashboard-app/widgets): widgets 1 to 9. */
import { api } from '@/data/client'

export interface Dataset {
  label?: string
  data: number[]
  fill?: string | boolean
  borderColor?: string
  backgroundColor?: string | string[]
  change?: number[]
}

export interface ChartData {
  labels: string[]
  datasets: Dataset[]
}

export interface RangedChartWidget {
  id: 'widget1' | 'widget5' | 'widget7' | 'widget8'
  title: string
  chartType: 'line' | 'bar' | 'doughnut'
  ranges: Record<string, string>
  currentRange: string
  mainChart: Record<string, ChartData>
  options?: { cutoutPercentage?: number }
}

export interface SalesTrendWidget extends RangedChartWidget {
  id: 'widget8'
  today: string
  change: { value: number; percentage: number }
}

export interface TargetFigure {
  value: number | string
  ofTarget: number
}

/** Widgets 2, 3 and 4: one figure against its target and a small chart over the labels. */
export interface FigureWidget extends ChartData {
  id: 'widget2' | 'widget3' | 'widget4'
  title: string
  chartType: 'line' | 'bar'
  conversion?: TargetFigure
  impressions?: TargetFigure
  visits?: TargetFigure
}

export interface Marker {
  id: number
  country: string
  code: string
  lat: number
  lng: number
  visitors: number
  label: string
}

export interface MapWidget {
  id: 'widget6'
  title: string
  markers: Marker[]
}

export interface Campaign {
  id: number
  title: string
  clicks: number
  conversion: number
}

export interface CampaignsWidget {
  id: 'widget9'
  title: string
  rows: Campaign[]
}

export type Widget = RangedChartWidget | SalesTrendWidget | FigureWidget | MapWidget | CampaignsWidget

export const fetchWidgets = (signal?: AbortSignal) => api.get<Widget[]>('/api/analytics-dashboard-app/widgets', { signal })
