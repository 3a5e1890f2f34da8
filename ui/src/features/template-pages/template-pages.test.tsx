import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'

import { renderPage } from '@/testing/render'

import LayoutDemoPage from './components/layout-demo-page'
import { allLayouts, layoutSpec } from './layouts'

describe('page layouts', () => {
  it('reads the style and variant from the path', () => {
    expect(layoutSpec('carded', 'left-sidebar-tabbed')).toMatchObject({ sidebar: 'left', tabbed: true, title: 'Carded · Left sidebar, tabbed' })
    expect(layoutSpec('simple', 'full-width')).toMatchObject({ sidebar: 'none', tabbed: false })
    expect(layoutSpec('fancy', 'full-width')).toBeNull()
    expect(layoutSpec('simple', 'upside-down')).toBeNull()
    expect(allLayouts()).toHaveLength(23)
    expect(layoutSpec('carded', 'left-sidebar-2-tabbed')).toMatchObject({ sidebar: 'left', tabbed: true, innerScroll: true, title: 'Carded · Left sidebar 2, tabbed' })
    expect(layoutSpec('simple', 'right-sidebar-3')).toMatchObject({ sidebar: 'right', innerScroll: false, sidebarBesideHeader: false })
    expect(layoutSpec('simple', 'left-sidebar')).toMatchObject({ sidebarBesideHeader: true })
    expect(layoutSpec('simple', 'tabbed')).toMatchObject({ sidebar: 'none', tabbed: true, title: 'Simple · Tabbed' })
    // The original's list has no carded "-3" and no simple "-2, tabbed".
    expect(layoutSpec('carded', 'left-sidebar-3')).toBeNull()
    expect(layoutSpec('simple', 'full-width-2')).toBeNull()
  })

  it('shows the sidebar and tabs the variant asks for', async () => {
    const user = userEvent.setup()
    renderPage('/ui/page-layouts/carded/right-sidebar-tabbed', { '/ui/page-layouts/:style/:variant': <LayoutDemoPage /> })
    expect(screen.getByTestId('layout-title')).toHaveTextContent('Carded · Right sidebar, tabbed')
    expect(screen.getByTestId('layout-sidebar')).toHaveAttribute('data-side', 'right')
    expect(screen.getByTestId('layout-overview')).toBeInTheDocument()
    await user.click(screen.getByTestId('layout-tab-usage'))
    expect(screen.getByTestId('layout-usage')).toHaveTextContent("sidebar={{ side: 'right'")
  })

  it('sends an unknown layout to the 404 page', () => {
    renderPage('/ui/page-layouts/odd/full-width', { '/ui/page-layouts/:style/:variant': <LayoutDemoPage />, '/pages/errors/error-404': <p>not found</p> })
    expect(screen.getByText('not found')).toBeInTheDocument()
  })
})
