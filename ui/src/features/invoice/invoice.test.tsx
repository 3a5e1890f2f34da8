import { screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { describe, expect, it, vi } from 'vitest'

import { json, mockFetch } from '@/testing/fetch-mock'
import { renderWithProviders } from '@/testing/render'

import { formatMoney, formatQuantity, taxRate, unitLabel, type Invoice } from './api'
import InvoicePage from './components/invoice-page'

const INVOICE: Invoice = {
  id: '5725a6802d10e277a0f35724',
  number: 'P9-0004',
  date: 'Jul 19, 2019',
  dueDate: 'Aug 18, 2019',
  from: { title: 'Meridian Engineering Ltd.', address: 'Cranford', phone: '1', email: 'a@example.com', website: 'example.com' },
  client: { title: 'John Doe', address: 'Philadelphia', phone: '2', email: 'j@example.com' },
  services: [{ id: '1', title: 'Coding', detail: 'Screens', unit: 'Hour', unitPrice: '87.50', quantity: '40', total: '3500.00' }],
  subtotal: '8445.00',
  tax: '675.60',
  discount: '120.60',
  total: '9000.00',
}

describe('invoice', () => {
  it('formats the figures held as text', () => {
    expect(formatMoney('9000.00')).toBe('$9,000.00')
    expect(formatMoney('n/a')).toBe('n/a')
    expect(formatQuantity('40')).toBe('40')
    expect(unitLabel('Hour', '40')).toBe('Hours')
    expect(unitLabel('Hour', '1')).toBe('Hour')
    expect(taxRate(INVOICE)).toBe('8%')
  })

  it.each(['modern', 'compact'] as const)('shows the %s invoice with the API figures', async (variant) => {
    vi.stubGlobal('fetch', mockFetch(() => json(INVOICE)).fetch)
    renderWithProviders(
      <MemoryRouter>
        <InvoicePage variant={variant} />
      </MemoryRouter>,
    )
    const sheet = await screen.findByTestId('invoice-sheet')
    expect(sheet).toHaveTextContent('P9-0004')
    expect(screen.getAllByTestId('invoice-total')[0]).toHaveTextContent('$9,000.00')
    expect(screen.getAllByTestId('invoice-discount')[0]).toHaveTextContent('-$120.60')
    expect(screen.getAllByTestId('invoice-line-1')[0]).toHaveTextContent('40 Hours')
  })

  it('says so when there is no such invoice', async () => {
    vi.stubGlobal('fetch', mockFetch(() => new Response('', { status: 200 })).fetch)
    renderWithProviders(
      <MemoryRouter initialEntries={['/pages/invoice/modern?id=nope']}>
        <InvoicePage variant="modern" />
      </MemoryRouter>,
    )
    expect(await screen.findByTestId('invoice-not-found')).toHaveTextContent('There is no invoice nope')
  })
})
