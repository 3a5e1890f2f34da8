import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter, Route, Routes } from 'react-router-dom'
import { describe, expect, it } from 'vitest'

import { renderWithProviders } from '@/testing/render'

import LayoutDemoPage from './components/layout-demo-page'
import { allLayouts, layoutSpec } from './layouts'

describe('page layouts', () => {
  it('reads the style and variant from the path', () => {
    expect(layoutSpec('carded', 'left-sidebar-tabbed')).toMatchObject({ sidebar: 'left', tabbed: true, title: 'Carded · Left sidebar, tabbed' })
    expect(layoutSpec('simple', 'full-width')).toMatchObject({ sidebar: 'none', tabbed: false })
    expect(layoutSpec('fancy', 'full-width')).toBeNull()
    expect(layoutSpec('simple', 'upside-down')).toBeNull()
    expect(allLayouts()).toHaveLength(12)
  })

  it('shows the sidebar and tabs the variant asks for', async () => {
    const user = userEvent.setup()
    renderWithProviders(
      <MemoryRouter initialEntries={['/ui/page-layouts/carded/right-sidebar-tabbed']}>
        <Routes>
          <Route path="/ui/page-layouts/:style/:variant" element={<LayoutDemoPage />} />
        </Routes>
      </MemoryRouter>,
    )
    expect(screen.getByTestId('layout-title')).toHaveTextContent('Carded · Right sidebar, tabbed')
    expect(screen.getByTestId('layout-sidebar')).toHaveAttribute('data-side', 'right')
    expect(screen.getByTestId('layout-overview')).toBeInTheDocument()
    await user.click(screen.getByTestId('layout-tab-usage'))
    expect(screen.getByTestId('layout-usage')).toHaveTextContent("sidebar={{ side: 'right'")
  })

  it('sends an unknown layout to the 404 page', () => {
    renderWithProviders(
      <MemoryRouter initialEntries={['/ui/page-layouts/odd/full-width']}>
        <Routes>
          <Route path="/ui/page-layouts/:style/:variant" element={<LayoutDemoPage />} />
          <Route path="/pages/errors/error-404" element={<p>not found</p>} />
        </Routes>
      </MemoryRouter>,
    )
    expect(screen.getByText('not found')).toBeInTheDocument()
  })
})
