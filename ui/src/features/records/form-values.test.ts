import { describe, expect, it } from 'vitest'

import type { AnyRecord } from '@/data/records'

import { stageTotals } from './board-totals'
import { assetsConfig, leadsConfig } from '@/config/records'
import { changedValues, createValues, toFormValues } from './form-values'

const asset = {
  id: 4,
  version: 3,
  tag: 'AST-4',
  name: 'Scope',
  status: 'GOOD',
  purchaseCost: 1200.5,
  nextInspection: '2026-12-01',
  assignedTechnicianId: 7,
  notes: null,
} as unknown as AnyRecord

describe('record form values', () => {
  it('sends only what changed, in API types', () => {
    const values = toFormValues(assetsConfig.fields, asset)
    expect(values).toMatchObject({ purchaseCost: '1200.5', nextInspection: '2026-12-01', notes: '', assignedTechnicianId: '7' })
    expect(changedValues(assetsConfig.fields, asset, values)).toEqual({})
    const edited = { ...values, status: 'POOR', purchaseCost: '99', assignedTechnicianId: '', notes: 'Dropped' }
    expect(changedValues(assetsConfig.fields, asset, edited)).toEqual({
      status: 'POOR',
      purchaseCost: 99,
      assignedTechnicianId: null,
      notes: 'Dropped',
    })
  })

  it('lets the server explain bad input instead of guessing', () => {
    const values = { ...toFormValues(assetsConfig.fields, asset), name: '  ', purchaseCost: 'lots' }
    expect(changedValues(assetsConfig.fields, asset, values)).toEqual({ name: '', purchaseCost: 'lots' })
  })

  it('creates with the filled-in fields only', () => {
    const values = { ...toFormValues(leadsConfig.fields, null), title: 'Pump retrofit', clientCompany: 'Contoso', estimatedValue: '25000', stage: 'new' }
    expect(createValues(leadsConfig.fields, values)).toEqual({
      title: 'Pump retrofit',
      clientCompany: 'Contoso',
      estimatedValue: 25000,
      stage: 'new',
    })
  })
})

describe('board totals', () => {
  it('sums value per stage and weights it by probability', () => {
    const totals = stageTotals([
      { stage: 'proposal', estimatedValue: 10000, probability: 50 },
      { stage: 'proposal', estimatedValue: 2000, probability: 100 },
      { stage: 'won', estimatedValue: 500, probability: 100 },
    ])
    expect(totals.proposal).toEqual({ count: 2, value: 12000, weighted: 7000 })
    expect(totals.won).toEqual({ count: 1, value: 500, weighted: 500 })
    expect(totals.lost).toBeUndefined()
  })
})
