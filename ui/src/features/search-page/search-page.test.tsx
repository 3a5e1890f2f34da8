import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router-dom'
import { describe, expect, it, vi } from 'vitest'

import { json, mockFetch } from '@/testing/fetch-mock'
import { renderWithProviders } from '@/testing/render'

import { highlight } from './api'
import SearchPage from './components/search-page'

const RESULTS = Array.from({ length: 12 }, (_, i) => ({
  id: i + 1,
  title: `Thermal camera guide ${i + 1}`,
  url: `/pages/knowledge-base/guide-${i + 1}`,
  excerpt: 'How to set emissivity and capture a scan.',
}))

describe('search page', () => {
  it('marks the words of the query', () => {
    expect(highlight('Thermal camera quick start', 'camera')).toEqual([
      { text: 'Thermal ', match: false },
      { text: 'camera', match: true },
      { text: ' quick start', match: false },
    ])
    expect(highlight('a (b)', '(b')).toEqual([
      { text: 'a ', match: false },
      { text: '(b', match: true },
      { text: ')', match: false },
    ])
    expect(highlight('plain', '')).toEqual([{ text: 'plain', match: false }])
  })

  it('searches with the query and pages the results', async () => {
    const mock = mockFetch(() => json(RESULTS))
    vi.stubGlobal('fetch', mock.fetch)
    const user = userEvent.setup()
    renderWithProviders(
      <MemoryRouter initialEntries={['/pages/search']}>
        <SearchPage />
      </MemoryRouter>,
    )
    expect(await screen.findByTestId('search-count')).toHaveTextContent('12 results')
    expect(screen.getByTestId('search-results').querySelectorAll('li')).toHaveLength(10)
    await user.click(screen.getByTestId('search-page-2'))
    expect(screen.getByTestId('search-results').querySelectorAll('li')).toHaveLength(2)
    await user.type(screen.getByTestId('search-page-input'), 'camera')
    await user.click(screen.getByTestId('search-submit'))
    await waitFor(() => expect(mock.calls.at(-1)?.url).toContain('q=camera'))
    expect(await screen.findByTestId('search-count')).toHaveTextContent('12 results for “camera”')
    expect(screen.getByTestId('search-result-1-title').querySelector('mark')).toHaveTextContent('camera')
  })
})
