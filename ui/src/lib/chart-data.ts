/** Chart.js-style data ({labels, datasets}) as the sample dashboards' APIs send it. */
export type ChartSeries = { labels: string[]; datasets: { data: number[] }[] }

/** The widget with this id among a dashboard's widgets. */
export function widgetById<W extends { id: string }>(widgets: readonly { id: string }[], id: W['id']): W | null {
  return (widgets.find((w) => w.id === id) as W | undefined) ?? null
}

/** Chart.js-style data ({labels, datasets}) as Recharts rows: one row per label, `s0`, `s1`... per dataset. */
export function chartRows(chart: ChartSeries | undefined): Record<string, string | number>[] {
  if (!chart) return []
  return chart.labels.map((label, i) => {
    const row: Record<string, string | number> = { label }
    chart.datasets.forEach((d, n) => {
      row[`s${n}`] = d.data[i] ?? 0
    })
    return row
  })
}
