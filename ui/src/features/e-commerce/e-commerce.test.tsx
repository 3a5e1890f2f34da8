import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'

import { json, mockFetch, path } from '@/testing/fetch-mock'
import { renderPage } from '@/testing/render'

import type { Product } from './api'
import ProductPage from './components/product-page'
import { formatPrice, parseOrderDate, roundCents, statusColours, taxExcluded, taxIncluded, toHandle } from './pricing'
import { blankProduct, changePrice, toFormValues, toProduct, validate } from './product-form'
import { applyTable, nextSort, parseTableState, serializeTableState } from './table-state'

const PRODUCT: Product = {
  ...blankProduct('7'),
  name: 'Yosemite - Canvas Print',
  handle: 'yosemite-canvas-print',
  categories: ['Canvas Print', 'Nature'],
  images: [
    { id: '0', url: '/assets/images/ecommerce/yosemite.jpg', type: 'image' },
    { id: '1', url: '/assets/images/ecommerce/yosemite-1.jpg', type: 'image' },
  ],
  featuredImageId: '0',
  priceTaxExcl: 40.88,
  priceTaxIncl: 44.97,
  taxRate: 10,
  quantity: 4,
  active: true,
}

describe('pricing', () => {
  it('follows the tax rate to the cent', () => {
    expect(taxIncluded(16.62, 10)).toBe(18.28)
    expect(taxIncluded(10, 0)).toBe(10)
    expect(taxExcluded(18.28, 10)).toBe(16.62)
    expect(roundCents(1.005)).toBe(1.01)
  })

  it('formats amounts, dates, status colours and handles', () => {
    expect(formatPrice('190.36')).toBe('$190.36')
    expect(formatPrice(-9.07)).toBe('-$9.07')
    expect(parseOrderDate('2025/07/28 10:47:00')?.getMonth()).toBe(6)
    expect(parseOrderDate('yesterday')).toBeNull()
    expect(statusColours('purple-300')).toEqual({ bg: 'purple.300', fg: 'gray.900' })
    expect(statusColours('green-800')).toEqual({ bg: 'green.800', fg: 'white' })
    expect(toHandle('Lago di Braies - Canvas Print')).toBe('lago-di-braies-canvas-print')
  })
})

describe('product form', () => {
  it('keeps the tax-included price following the other two', () => {
    let v = toFormValues(PRODUCT)
    v = changePrice(v, 'taxRate', '20')
    expect(v.priceTaxIncl).toBe('49.06')
    v = changePrice(v, 'priceTaxExcl', '100')
    expect(v.priceTaxIncl).toBe('120')
    v = changePrice(v, 'priceTaxIncl', '60')
    expect(v.priceTaxExcl).toBe('50')
    // A rate being typed (empty) changes nothing else.
    expect(changePrice(v, 'taxRate', '').priceTaxIncl).toBe('60')
  })

  it('validates and builds the product to save', () => {
    const v = { ...toFormValues(PRODUCT), name: ' ', quantity: '2.5', taxRate: '150' }
    expect(validate(v)).toMatchObject({ name: expect.any(String), quantity: expect.any(String), taxRate: expect.any(String) })
    const saved = toProduct(PRODUCT, { ...toFormValues(PRODUCT), handle: '', quantity: '9', active: false })
    expect(saved).toMatchObject({ id: '7', handle: 'yosemite-canvas-print', quantity: 9, active: false, images: PRODUCT.images })
  })
})

describe('table state', () => {
  const rows = [
    { id: 1, name: 'Alpha', price: 3 },
    { id: 2, name: 'beta', price: 1 },
    { id: 3, name: 'Gamma', price: 2 },
  ]
  it('searches, sorts and pages', () => {
    const state = parseTableState(new URLSearchParams('q=a&sort=price&dir=desc&perPage=10'), { sort: 'name', dir: 'asc' })
    const view = applyTable(rows, state, (r) => r.name, (r, k) => (k === 'price' ? r.price : r.name))
    expect(view.rows.map((r) => r.id)).toEqual([1, 3, 2])
    const paged = applyTable(rows, { ...state, q: '', perPage: 10, page: 9 }, (r) => r.name, (r) => r.name)
    expect(paged.page).toBe(1)
    expect(nextSort(state, 'price')).toEqual({ sort: 'price', dir: 'asc', page: 1 })
    expect(nextSort(state, 'name')).toEqual({ sort: 'name', dir: 'asc', page: 1 })
    expect(serializeTableState({ ...state, q: '', page: 1, perPage: 10, sort: 'name', dir: 'asc' }, { sort: 'name', dir: 'asc' }).toString()).toBe('')
  })
})

describe('ProductPage', () => {
  it('saves the product with the tax-included price following the tax rate', async () => {
    const mock = mockFetch((call) => (path(call).endsWith('/product/save') ? json(call.body) : json(PRODUCT)))
    vi.stubGlobal('fetch', mock.fetch)
    const user = userEvent.setup()
    renderPage('/apps/e-commerce/products/7', { '/apps/e-commerce/products/:productId': <ProductPage /> })
    expect(await screen.findByTestId('product-title')).toHaveTextContent('Yosemite - Canvas Print')
    expect(screen.getByTestId('product-save')).toBeDisabled()
    await user.click(screen.getByTestId('product-tab-pricing'))
    const rate = screen.getByTestId('field-taxRate')
    await user.clear(rate)
    await user.type(rate, '20')
    expect(screen.getByTestId('field-priceTaxIncl')).toHaveValue(49.06)
    await user.click(screen.getByTestId('product-tab-images'))
    await user.click(screen.getByTestId('product-image-1'))
    await user.click(screen.getByTestId('product-save'))
    await waitFor(() => expect(mock.calls.some((c) => path(c).endsWith('/product/save'))).toBe(true))
    const saved = mock.calls.find((c) => path(c).endsWith('/product/save'))!.body as Product
    expect(saved).toMatchObject({ id: '7', taxRate: 20, priceTaxIncl: 49.06, priceTaxExcl: 40.88, featuredImageId: '1' })
    await waitFor(() => expect(screen.getByTestId('product-save')).toBeDisabled())
  })
})
