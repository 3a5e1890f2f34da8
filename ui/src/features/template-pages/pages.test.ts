import { describe, expect, it } from 'vitest'

import { countdownParts, nextLaunch } from './countdown'
import { formatPrice, monthlyPrice, PLANS, yearlySaving } from './pricing'

describe('pricing', () => {
  const office = PLANS.find((p) => p.id === 'office')!
  it('spreads a year paid at once over twelve months', () => {
    expect(monthlyPrice(office, 'monthly')).toBe(19)
    expect(monthlyPrice(office, 'yearly')).toBe(15.83)
    expect(yearlySaving(office)).toBe(17)
  })
  it('formats whole and broken prices', () => {
    expect(formatPrice(19)).toBe('$19')
    expect(formatPrice(15.83)).toBe('$15.83')
  })
  it('marks exactly one plan as the popular one', () => {
    expect(PLANS.filter((p) => p.popular)).toHaveLength(1)
  })
})

describe('countdown', () => {
  it('splits the time left into days, hours, minutes and seconds', () => {
    const now = new Date('2026-11-25T00:00:00Z')
    expect(countdownParts(new Date('2026-11-26T01:02:03Z'), now)).toEqual({ days: 1, hours: 1, minutes: 2, seconds: 3, done: false })
  })
  it('stops at zero', () => {
    const now = new Date('2026-11-25T00:00:00Z')
    expect(countdownParts(new Date('2026-11-24T00:00:00Z'), now)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0, done: true })
  })
  it('launches on the first of the month after next, across a year end', () => {
    expect(nextLaunch(new Date('2026-11-25T12:00:00Z')).toISOString()).toBe('2027-01-01T09:00:00.000Z')
    expect(nextLaunch(new Date('2026-03-31T12:00:00Z')).toISOString()).toBe('2026-05-01T09:00:00.000Z')
  })
})
