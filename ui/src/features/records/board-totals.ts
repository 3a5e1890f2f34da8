import type { Lead } from '@/data/records'

export interface StageTotal {
  count: number
  value: number
  /** Value weighted by probability (value × probability / 100). */
  weighted: number
}

/** Sum of estimated value per stage (and weighted by probability). */
export function stageTotals(leads: readonly Pick<Lead, 'stage' | 'estimatedValue' | 'probability'>[]): Record<string, StageTotal> {
  const totals: Record<string, StageTotal> = {}
  for (const lead of leads) {
    const t = (totals[lead.stage] ??= { count: 0, value: 0, weighted: 0 })
    const value = Number(lead.estimatedValue) || 0
    t.count += 1
    t.value += value
    t.weighted += (value * (Number(lead.probability) || 0)) / 100
  }
  return totals
}
