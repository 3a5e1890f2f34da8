import { describe, expect, it } from 'vitest'

import type { LoggedEvent } from '@/lib/realtime'
import type { Asset, DocumentRecord, Lead, Options } from '@/lib/records'

import { computeStats, recentActivity } from './stats'

const options: Options = {
  statuses: ['GREAT', 'GOOD', 'BAD', 'POOR'].map((value) => ({ value, label: value })),
  risks: ['LL', 'L', 'H', 'HH'].map((value) => ({ value, label: value })),
  departments: [],
  stages: ['new', 'proposal', 'won', 'lost'].map((value) => ({ value, label: value })),
  documentStates: ['queued', 'processing', 'ready', 'failed'].map((value) => ({ value, label: value })),
  assetCategories: [],
  roles: [],
}
const meta = (id: number, updatedAt = '2026-11-01T00:00:00Z', version = 1) => ({
  id,
  version,
  createdAt: updatedAt,
  updatedAt,
  createdBy: null,
  updatedBy: { id: 1, displayName: 'Avery' },
})
const asset = (id: number, status: string, risk: string, nextInspection: string | null) =>
  ({ ...meta(id), tag: `A${id}`, name: 'Pump', status, risk, nextInspection, assignedTechnician: null }) as unknown as Asset
const lead = (id: number, stage: string, estimatedValue: number, probability: number) =>
  ({ ...meta(id), title: `L${id}`, stage, estimatedValue, probability }) as unknown as Lead
const doc = (id: number, state: string) => ({ ...meta(id), title: `D${id}`, state }) as unknown as DocumentRecord

const now = new Date(2026, 10, 22, 12)

describe('dashboard figures', () => {
  const data = {
    assets: [asset(1, 'GOOD', 'L', '2026-11-20'), asset(2, 'GOOD', 'HH', '2026-12-01'), asset(3, 'POOR', 'HH', '2027-06-01'), asset(4, 'BAD', 'L', null)],
    leads: [lead(1, 'new', 10000, 10), lead(2, 'proposal', 20000, 50), lead(3, 'won', 5000, 100), lead(4, 'lost', 7000, 0)],
    documents: [doc(1, 'ready'), doc(2, 'failed'), doc(3, 'ready')],
  }

  it('counts assets by status and risk, and documents by state', () => {
    const stats = computeStats(data, options, now)
    expect(stats.assetsByStatus.map((c) => c.count)).toEqual([0, 2, 1, 1])
    expect(stats.assetsByRisk.find((c) => c.value === 'HH')?.count).toBe(2)
    expect(stats.documentsByState.map((c) => c.count)).toEqual([0, 0, 2, 1])
  })

  it('sums the pipeline by stage, weighted by probability, open stages only for the pipeline', () => {
    const stats = computeStats(data, options, now)
    expect(stats.stages.find((s) => s.value === 'proposal')).toMatchObject({ count: 1, amount: 20000, weighted: 10000 })
    expect(stats.openLeads).toBe(2)
    expect(stats.pipelineValue).toBe(30000)
    expect(stats.weightedValue).toBe(11000)
    expect(stats.wonValue).toBe(5000)
  })

  it('lists assets overdue or due within 30 days, soonest first', () => {
    const stats = computeStats(data, options, now)
    expect(stats.inspections.map((i) => [i.id, i.days])).toEqual([
      [1, -2],
      [2, 9],
    ])
    expect(stats.overdue).toBe(1)
    expect(stats.dueSoon).toBe(1)
  })

  it('puts pushed changes first in the activity, one line per record', () => {
    const pushed: LoggedEvent = {
      type: 'record.updated',
      resource: 'leads',
      id: 2,
      version: 2,
      record: { ...lead(2, 'won', 20000, 100), updatedBy: { id: 2, displayName: 'Morgan' } } as never,
      actorId: 2,
      changed: ['stage'],
      at: new Date('2026-11-22T11:00:00Z').getTime(),
      seq: 1,
    }
    const activity = recentActivity(data, [pushed], 3)
    expect(activity[0]).toMatchObject({ resource: 'leads', id: 2, action: 'updated', actor: 'Morgan', changed: ['stage'] })
    expect(activity.filter((a) => a.key === 'leads/2')).toHaveLength(1)
    expect(activity).toHaveLength(3)
  })
})
