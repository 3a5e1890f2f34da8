import { describe, expect, it } from 'vitest'

import type { LoggedEvent } from '@/data/live'
import type { Asset, Options } from '@/data/records'

import { inspectionsFrom, recentActivity, statsFromSummary, toSummary } from './stats'

const options: Options = {
  statuses: ['GREAT', 'GOOD', 'BAD', 'POOR'].map((value) => ({ value, label: value[0] + value.slice(1).toLowerCase() })),
  risks: ['LL', 'L', 'H', 'HH'].map((value) => ({ value, label: value })),
  departments: [],
  stages: ['new', 'proposal', 'won', 'lost'].map((value) => ({ value, label: value })),
  documentStates: ['queued', 'processing', 'ready', 'failed'].map((value) => ({ value, label: value })),
  assetCategories: [],
  roles: [],
}

const summaryBody = {
  assets: {
    total: 4,
    byStatus: [
      { value: 'GREAT', color: 'white', count: 0 },
      { value: 'GOOD', color: 'green', count: 2 },
      { value: 'BAD', color: 'orange', count: 1 },
      { value: 'POOR', color: 'darkred', count: 1 },
    ],
    byRisk: [
      { value: 'LL', count: 0 },
      { value: 'L', count: 2 },
      { value: 'H', count: 0 },
      { value: 'HH', count: 2 },
    ],
    inspectionOverdue: 1,
    inspectionDueSoon: 1,
    inspectionHorizonDays: 30,
  },
  leads: {
    byStage: [
      { stage: 'new', count: 1, total: 10000, weighted: 1000 },
      { stage: 'proposal', count: 1, total: 20000, weighted: 10000 },
      { stage: 'won', count: 1, total: 5000, weighted: 5000 },
      { stage: 'lost', count: 1, total: 7000, weighted: 0 },
    ],
    open: 2,
    pipelineValue: 30000,
    weightedValue: 11000,
  },
  documents: { byState: [{ value: 'ready', count: 2 }, { value: 'failed', count: 1 }] },
  recent: [
    { id: 9, resource: 'leads', resourceLabel: 'opportunity', recordId: 2, action: 'update', at: '2026-11-22T10:00:00+00:00', actor: { id: 1, displayName: 'Avery' }, fields: ['stage'] },
    { id: 8, resource: 'assets', resourceLabel: 'asset', recordId: 1, action: 'create', at: '2026-11-22T09:00:00+00:00', actor: null, fields: [] },
    { id: 7, resource: 'leads', resourceLabel: 'opportunity', recordId: 2, action: 'create', at: '2026-11-22T08:00:00+00:00', actor: null, fields: [] },
  ],
}

describe('dashboard figures from the summary', () => {
  it('labels the counts in the option order and totals each kind', () => {
    const stats = statsFromSummary(toSummary(summaryBody), options)
    expect(stats.totals).toEqual({ assets: 4, leads: 4, documents: 3 })
    expect(stats.assetsByStatus.map((c) => [c.label, c.count, c.color])).toEqual([
      ['Great', 0, 'white'],
      ['Good', 2, 'green'],
      ['Bad', 1, 'orange'],
      ['Poor', 1, 'darkred'],
    ])
    expect(stats.assetsByRisk.find((c) => c.value === 'HH')?.count).toBe(2)
    expect(stats.documentsByState.map((c) => c.count)).toEqual([0, 0, 2, 1])
  })

  it('takes the pipeline per stage, open figures and the won value', () => {
    const stats = statsFromSummary(toSummary(summaryBody), options)
    expect(stats.stages.find((s) => s.value === 'proposal')).toMatchObject({ count: 1, amount: 20000, weighted: 10000 })
    expect(stats).toMatchObject({ openLeads: 2, pipelineValue: 30000, weightedValue: 11000, wonValue: 5000, overdue: 1, dueSoon: 1 })
  })

  it('works without option lists and with a partial answer', () => {
    const stats = statsFromSummary(toSummary({ assets: { total: 3 } }), null)
    expect(stats.totals).toEqual({ assets: 3, leads: 0, documents: 0 })
    expect(stats.assetsByStatus).toEqual([])
  })
})

describe('inspection list', () => {
  const asset = (id: number, nextInspection: string | null) =>
    ({ id, version: 1, tag: `A${id}`, name: 'Pump', nextInspection, assignedTechnician: null }) as unknown as Asset
  it('keeps overdue and due within the window, soonest first', () => {
    const now = new Date(2026, 10, 22, 12)
    const items = inspectionsFrom([asset(3, '2027-06-01'), asset(2, '2026-12-01'), asset(1, '2026-11-20'), asset(4, null)], now)
    expect(items.map((i) => [i.id, i.days])).toEqual([
      [1, -2],
      [2, 9],
    ])
  })
})

describe('recent activity', () => {
  it('lists the change history, newest first, one line per record', () => {
    const activity = recentActivity(toSummary(summaryBody).recent, [])
    expect(activity.map((a) => [a.key, a.action, a.actor])).toEqual([
      ['leads/2', 'updated', 'Avery'],
      ['assets/1', 'created', null],
    ])
    expect(activity[0]).toMatchObject({ title: 'Opportunity #2', changed: ['stage'] })
  })

  it('puts pushed changes first with their titles', () => {
    const pushed: LoggedEvent = {
      type: 'record.updated',
      resource: 'assets',
      id: 1,
      version: 2,
      record: { id: 1, version: 2, tag: 'P-101', name: 'Feed pump', updatedBy: { id: 2, displayName: 'Morgan' } } as never,
      actorId: 2,
      changed: ['status'],
      at: new Date('2026-11-22T11:00:00Z').getTime(),
      seq: 1,
    }
    const activity = recentActivity(toSummary(summaryBody).recent, [pushed], 3)
    expect(activity[0]).toMatchObject({ resource: 'assets', id: 1, title: 'P-101 Feed pump', action: 'updated', actor: 'Morgan', changed: ['status'] })
    expect(activity.filter((a) => a.key === 'assets/1')).toHaveLength(1)
    expect(activity).toHaveLength(2)
  })
})
