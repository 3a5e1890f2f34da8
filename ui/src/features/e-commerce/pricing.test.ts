import { describe, expect, it } from 'vitest'

import { formatDiscount } from './pricing'

describe('formatDiscount', () => {
  it('shows a discount as taken off, and none as $0.00 (never -$0.00)', () => {
    expect(formatDiscount('12.50')).toBe('-$12.50')
    expect(formatDiscount('0.00')).toBe('$0.00')
    expect(formatDiscount(0)).toBe('$0.00')
    expect(formatDiscount('-0')).toBe('$0.00')
  })
})
