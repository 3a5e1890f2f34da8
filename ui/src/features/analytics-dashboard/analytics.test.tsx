import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'

import { json, mockFetch } from '@/testing/fetch-mock'
import { renderWithProviders } from '@/testing/render'

import type { Widget } from './api'
import AnalyticsPage from './components/analytics-page'
import { markerRadius, ofTargetText, sortCampaigns } from './widgets'

const ROWS = [
  { id: 1, title: 'Calibration week', clicks: 200, conversion: 50 },
  { id: 2, title: 'Autumn offer', clicks: 900, conversion: 10 },
  { id: 3, title: 'Site survey', clicks: 500, conversion: 80 },
]

const WIDGETS: Widget[] = [
  {
    id: 'widget2',
    title: 'Conversion',
    chartType: 'bar',
    conversion: { value: 270, ofTarget: 3 },
    labels: ['Monday'],
    datasets: [{ label: 'Conversion', data: [270] }],
  },
  {
    id: 'widget7',
    title: 'Sessions by device',
    chartType: 'doughnut',
    ranges: { TD: 'Today', YD: 'Yesterday' },
    currentRange: 'TD',
    mainChart: {
      TD: { labels: ['Desktop', 'Mobile'], datasets: [{ data: [60, 40], change: [1.5, -2], backgroundColor: ['#3949ab', '#e53935'] }] },
      YD: { labels: ['Desktop', 'Mobile'], datasets: [{ data: [55.5, 44.5], change: [0, 1], backgroundColor: ['#3949ab', '#e53935'] }] },
    },
    options: { cutoutPercentage: 75 },
  },
  {
    id: 'widget6',
    title: 'Visitors by country',
    markers: [
      { id: 1, country: 'Brazil', code: 'BR', lat: -10, lng: -55, visitors: 696, label: '696' },
      { id: 2, country: 'Japan', code: 'JP', lat: 36, lng: 138, visitors: 900, label: '900' },
    ],
  },
  { id: 'widget9', title: 'Top campaigns', rows: ROWS },
]

describe('analytics helpers', () => {
  it('sorts the campaigns by any column', () => {
    expect(sortCampaigns(ROWS, { key: 'clicks', dir: 'desc' }).map((r) => r.id)).toEqual([2, 3, 1])
    expect(sortCampaigns(ROWS, { key: 'title', dir: 'asc' }).map((r) => r.id)).toEqual([2, 1, 3])
    expect(sortCampaigns(ROWS, { key: 'conversion', dir: 'asc' }).map((r) => r.id)).toEqual([2, 1, 3])
  })

  it('sizes markers by visitors and words the target', () => {
    expect(markerRadius(100, 100)).toBe(16)
    expect(markerRadius(0, 100)).toBe(4)
    expect(markerRadius(25, 100)).toBe(10)
    expect(ofTargetText(5)).toBe('+5% of target')
    expect(ofTargetText(-6)).toBe('-6% of target')
    expect(ofTargetText(0)).toBe('on target')
  })
})

describe('AnalyticsPage', () => {
  it('shows the widgets of the API, switches ranges and sorts the campaigns', async () => {
    vi.stubGlobal('fetch', mockFetch(() => json(WIDGETS)).fetch)
    const user = userEvent.setup()
    renderWithProviders(<AnalyticsPage />)
    expect(await screen.findByTestId('conversion-value')).toHaveTextContent('270')
    expect(screen.getByTestId('conversion-target')).toHaveTextContent('+3%')

    expect(screen.getByTestId('device-desktop-share')).toHaveTextContent('60%')
    await user.selectOptions(screen.getByTestId('devices-range'), 'YD')
    expect(screen.getByTestId('device-desktop-share')).toHaveTextContent('55.5%')

    // The map: a marker per country, the busiest first in the list.
    expect(screen.getByTestId('map-marker-BR')).toBeInTheDocument()
    const list = within(screen.getByTestId('visitors-list')).getAllByRole('listitem')
    expect(list[0]).toHaveTextContent('Japan')

    const rows = () => within(screen.getByTestId('campaigns-table')).getAllByRole('row').slice(1)
    expect(rows()[0]).toHaveTextContent('Autumn offer')
    await user.click(screen.getByTestId('campaigns-sort-conversion'))
    expect(rows()[0]).toHaveTextContent('Site survey')
    await user.click(screen.getByTestId('campaigns-sort-conversion'))
    expect(rows()[0]).toHaveTextContent('Autumn offer')
  })
})
