import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router-dom'
import { describe, expect, it, vi } from 'vitest'

import { json, mockFetch, path } from '@/testing/fetch-mock'
import { renderWithProviders } from '@/testing/render'

import type { Widget } from './api'
import ProjectDashboardPage from './components/project-dashboard-page'
import { cellPalette, chartRows, clockParts, formatSpeed, formatTemp, sharePercent, slices } from './widgets'

const WEEK = { TW: 'This Week', LW: 'Last Week', '2W': '2 Weeks Ago' }
const chart = (data: number[]) => ({ labels: ['Mon', 'Tue'], datasets: [{ label: 'Issues', data, backgroundColor: '#42BFF7' }] })

const WIDGETS: Widget[] = [
  {
    id: 'widget1',
    title: 'Due Tasks',
    ranges: { DY: 'Yesterday', DT: 'Today', DTM: 'Tomorrow' },
    currentRange: 'DT',
    data: { name: 'Due Tasks', count: { DY: 19, DT: 15, DTM: 26 }, extra: { name: 'Completed', count: { DY: 9, DT: 5, DTM: '-' } } },
  },
  { id: 'widget2', title: 'Overdue', data: { name: 'Tasks', count: 9, extra: { name: "Yesterday's overdue", count: 3 } } },
  {
    id: 'widget6',
    title: 'Task Distribution',
    ranges: WEEK,
    currentRange: 'TW',
    mainChart: {
      TW: { labels: ['Frontend', 'Backend'], datasets: [{ data: [20, 30], backgroundColor: ['#F44336', '#9C27B0'] }] },
      LW: { labels: ['Frontend', 'Backend'], datasets: [{ data: [10, 30], backgroundColor: ['#F44336', '#9C27B0'] }] },
      '2W': { labels: ['Frontend', 'Backend'], datasets: [{ data: [1, 1], backgroundColor: ['#F44336', '#9C27B0'] }] },
    },
    options: { cutoutPercentage: 66 },
    footerLeft: { title: 'Tasks Added', count: { TW: 500, LW: 480, '2W': 470 } },
    footerRight: { title: 'Tasks Completed', count: { TW: 200, LW: 190, '2W': 180 } },
  },
  {
    id: 'weatherWidget',
    locations: {
      NewYork: {
        name: 'New York',
        icon: 'rainy2',
        temp: { C: 16, F: 61 },
        windSpeed: { KMH: 30, MPH: 18.6 },
        windDirection: 'N',
        rainProbability: '63%',
        next5Days: [{ name: 'Sunday', icon: 'cloudy', temp: { C: 24, F: 75 } }],
      },
    },
    currentLocation: 'NewYork',
    tempUnit: 'C',
    speedUnit: 'KMH',
  },
]

describe('project dashboard helpers', () => {
  it('turns chart data into rows and slices', () => {
    expect(chartRows({ labels: ['Mon', 'Tue'], datasets: [{ data: [1, 2] }, { data: [3, 4] }] })).toEqual([
      { label: 'Mon', s0: 1, s1: 3 },
      { label: 'Tue', s0: 2, s1: 4 },
    ])
    expect(slices(chart([1, 2]))[0]).toEqual({ name: 'Mon', value: 1, color: '#64748b' })
    expect(sharePercent([1, 3], 1)).toBe(75)
    expect(sharePercent([0, 0], 1)).toBe(0)
  })

  it('formats the weather in both unit systems', () => {
    expect(formatTemp({ C: 16, F: 61 }, 'F')).toBe('61°F')
    expect(formatSpeed({ KMH: 30, MPH: 18.6 }, 'MPH')).toBe('18.6 mph')
    expect(formatSpeed({ KMH: 30, MPH: 18.6 }, 'KMH')).toBe('30 km/h')
  })

  it('reads the template cell classes and the clock', () => {
    expect(cellPalette('bg-blue text-white')).toBe('blue')
    expect(cellPalette('text-green')).toBe('green')
    expect(cellPalette('font-semibold')).toBeNull()
    expect(clockParts(new Date(2026, 0, 5, 14, 3, 9))).toMatchObject({ time: '2:03:09', period: 'PM' })
  })
})

describe('ProjectDashboardPage', () => {
  it('shows the API figures, follows the range switches and the weather units', async () => {
    const mock = mockFetch((call) =>
      path(call).endsWith('/projects') ? json([{ id: 1, name: 'Harbour telemetry upgrade' }, { id: 2, name: 'Substation monitoring' }]) : json(WIDGETS),
    )
    vi.stubGlobal('fetch', mock.fetch)
    const user = userEvent.setup()
    renderWithProviders(
      <MemoryRouter>
        <ProjectDashboardPage />
      </MemoryRouter>,
    )
    expect(await screen.findByTestId('due-tasks-count')).toHaveTextContent('15')
    expect(screen.getByTestId('due-tasks-extra')).toHaveTextContent('Completed: 5')
    await user.selectOptions(screen.getByTestId('due-tasks-range'), 'DTM')
    expect(screen.getByTestId('due-tasks-count')).toHaveTextContent('26')
    expect(screen.getByTestId('due-tasks-extra')).toHaveTextContent('Completed: -')
    expect(screen.getByTestId('overdue-count')).toHaveTextContent('9')

    // Task distribution: this week by default, cut out 66 %.
    expect(screen.getByTestId('task-distribution-range')).toHaveValue('TW')
    expect(screen.getByTestId('task-distribution-chart')).toHaveAttribute('data-cutout', '66')
    expect(screen.getByTestId('task-distribution-footer-0')).toHaveTextContent('500')
    await user.selectOptions(screen.getByTestId('task-distribution-range'), 'LW')
    expect(screen.getByTestId('task-distribution-footer-0')).toHaveTextContent('480')
    expect(within(screen.getByTestId('task-distribution-legend')).getByText('25%')).toBeInTheDocument()

    // Weather: New York in C and km/h, then F and mph.
    expect(screen.getByTestId('weather-location')).toHaveTextContent('New York')
    expect(screen.getByTestId('weather-temp')).toHaveTextContent('16°C')
    await user.click(screen.getByTestId('weather-temp-F'))
    expect(screen.getByTestId('weather-temp')).toHaveTextContent('61°F')
    expect(screen.getByTestId('weather-wind')).toHaveTextContent('30 km/h')
    await user.click(screen.getByTestId('weather-speed-MPH'))
    expect(screen.getByTestId('weather-wind')).toHaveTextContent('18.6 mph')

    expect(screen.getByTestId('project-switcher')).toHaveTextContent('Harbour telemetry upgrade')
  })
})
