/** Project dashboard API (GET /api/project-dashboard-app/widgets and /projects) and its shapes. */
import { api } from '@/data/client'

const PREFIX = '/api/project-dashboard-app'

export type Ranges = Record<string, string>

export interface Dataset {
  type?: string
  label?: string
  data: number[]
  backgroundColor?: string | string[]
}

export interface ChartData {
  labels: string[]
  datasets: Dataset[]
}

export interface CounterWidget {
  id: 'widget2' | 'widget3' | 'widget4'
  title: string
  data: { name: string; count: number; extra: { name: string; count: number } }
  detail?: string
}

export interface DueTasksWidget {
  id: 'widget1'
  title: string
  ranges: Ranges
  currentRange: string
  data: { name: string; count: Record<string, number>; extra: { name: string; count: Record<string, number | string> } }
  detail?: string
}

export interface IssuesWidget {
  id: 'widget5'
  title: string
  ranges: Ranges
  currentRange: string
  mainChart: Record<string, ChartData>
  supporting: Record<string, { name: string; count: Record<string, number>; chart: Record<string, ChartData> }>
}

export interface DistributionWidget {
  id: 'widget6'
  title: string
  ranges: Ranges
  currentRange: string
  mainChart: Record<string, ChartData>
  options: { cutoutPercentage: number }
  footerLeft: { title: string; count: Record<string, number> }
  footerRight: { title: string; count: Record<string, number> }
}

export interface ScheduleWidget {
  id: 'widget7'
  title: string
  ranges: Ranges
  currentRange: string
  schedule: Record<string, { id: number; title: string; time: string }[]>
}

export interface BudgetDistributionWidget {
  id: 'widget8'
  title: string
  mainChart: ChartData
  options: { cutoutPercentage: number }
}

export interface SpentBlock {
  title: string
  count: Record<string, string>
  chart: Record<string, ChartData>
}

export interface SpentWidget {
  id: 'widget9'
  title: string
  ranges: Ranges
  currentRange: string
  weeklySpent: SpentBlock
  totalSpent: SpentBlock
  remaining: SpentBlock
}

export interface TableCell {
  id: string
  value: string
  classes?: string
  icon?: string
}

export interface TableWidget {
  id: 'widget10' | 'widget11'
  title: string
  table: { columns: { id: string; title: string }[]; rows: { id: number; cells: TableCell[] }[] }
}

export interface Temperature {
  C: number
  F: number
}

export interface WeatherWidget {
  id: 'weatherWidget'
  locations: Record<
    string,
    {
      name: string
      icon: string
      temp: Temperature
      windSpeed: { KMH: number; MPH: number }
      windDirection: string
      rainProbability: string
      next5Days: { name: string; icon: string; temp: Temperature }[]
    }
  >
  currentLocation: string
  tempUnit: 'C' | 'F'
  speedUnit: 'KMH' | 'MPH'
}

export type Widget =
  | DueTasksWidget
  | CounterWidget
  | IssuesWidget
  | DistributionWidget
  | ScheduleWidget
  | BudgetDistributionWidget
  | SpentWidget
  | TableWidget
  | WeatherWidget

export interface Project {
  id: number
  name: string
}

export const fetchWidgets = (signal?: AbortSignal) => api.get<Widget[]>(`${PREFIX}/widgets`, { signal })
export const fetchProjects = (signal?: AbortSignal) => api.get<Project[]>(`${PREFIX}/projects`, { signal })

export interface Dashboard {
  widgets: Widget[]
  projects: Project[]
}

export async function fetchDashboard(signal?: AbortSignal): Promise<Dashboard> {
  const [widgets, projects] = await Promise.all([fetchWidgets(signal), fetchProjects(signal)])
  return { widgets, projects }
}
