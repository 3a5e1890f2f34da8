import { screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { describe, expect, it } from 'vitest'

import { renderWithProviders } from '@/testing/render'

import IntroductionPage from './components/introduction-page'
import { MARKETPLACE_URL, POWERED_BY } from './powered-by'

describe('documentation', () => {
  it('links every technology logo and the marketplace outside, in a new tab', () => {
    renderWithProviders(
      <MemoryRouter>
        <IntroductionPage />
      </MemoryRouter>,
    )
    for (const tech of POWERED_BY) {
      const link = screen.getByTestId(`tech-${tech.id}`)
      expect(link).toHaveAttribute('href', tech.url)
      expect(link).toHaveAttribute('target', '_blank')
      expect(link.getAttribute('rel')).toContain('noopener')
      expect(link.querySelector('svg')).not.toBeNull()
    }
    const cart = screen.getByTestId('marketplace-button')
    expect(cart).toHaveAttribute('href', MARKETPLACE_URL)
    expect(cart).toHaveAttribute('target', '_blank')
    expect(POWERED_BY.every((t) => t.url.startsWith('https://'))).toBe(true)
  })
})
