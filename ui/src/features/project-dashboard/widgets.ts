/** Pure helpers of the project dashboard: widget look-up, chart rows, weather units, cell tones. */
import type { ChartData, Temperature, WeatherWidget } from './api'

export { chartRows, widgetById } from '@/lib/chart-data'

/** One slice per label (doughnuts and pies) with the colour the API gives for it. */
export function slices(chart: ChartData | undefined): { name: string; value: number; color: string }[] {
  if (!chart || chart.datasets.length === 0) return []
  const [dataset] = chart.datasets
  const colours = Array.isArray(dataset.backgroundColor) ? dataset.backgroundColor : []
  return chart.labels.map((name, i) => ({ name, value: dataset.data[i] ?? 0, color: colours[i] ?? '#64748b' }))
}

/** Share of each slice in percent (one decimal). */
export function sharePercent(values: readonly number[], index: number): number {
  const total = values.reduce((a, b) => a + b, 0)
  return total === 0 ? 0 : Math.round((values[index] / total) * 1000) / 10
}

export type TempUnit = 'C' | 'F'
export type SpeedUnit = 'KMH' | 'MPH'

export function formatTemp(temp: Temperature, unit: TempUnit): string {
  return `${temp[unit]}°${unit}`
}

export function formatSpeed(speed: { KMH: number; MPH: number }, unit: SpeedUnit): string {
  return `${speed[unit]} ${unit === 'KMH' ? 'km/h' : 'mph'}`
}

/** The location the widget shows (its current location, else the first). */
export function currentLocation(widget: WeatherWidget) {
  return widget.locations[widget.currentLocation] ?? Object.values(widget.locations)[0] ?? null
}

/** The template's cell classes ('text-green', 'bg-blue text-white') as a Chakra colour palette. */
export function cellPalette(classes: string | undefined): string | null {
  const match = /(?:^|\s)(?:text|bg)-(blue|green|red|pink|orange|purple|yellow|teal|gray)\b/.exec(classes ?? '')
  return match ? match[1] : null
}

/** 'hh:mm:ss' and the long date of the live clock. */
export function clockParts(now: Date): { time: string; period: string; date: string } {
  const time = now.toLocaleTimeString('en', { hour: 'numeric', minute: '2-digit', second: '2-digit', hour12: true })
  const [clock, period = ''] = time.split(' ')
  return { time: clock, period, date: now.toLocaleDateString('en', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }) }
}
