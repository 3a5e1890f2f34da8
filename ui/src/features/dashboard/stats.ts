/** Everything the dashboard shows, from `GET /dashboard/summary` and the pushes (pure; tested). */
import type { components } from '@/api/schema'
import { daysUntil } from '@/lib/format'
import type { LoggedEvent } from '@/data/live'
import { isResource, type Asset, type Option, type Options, type Resource, type UserRef } from '@/data/records'

export const INSPECTION_WINDOW_DAYS = 30

// --- GET /dashboard/summary -------------------------------------------------------------------------

/** One of the summary's recent changes (GET /dashboard/summary `recent`). */
export type SummaryChange = components['schemas']['RecentChange']

export interface Summary {
  assets: {
    total: number
    byStatus: { value: string; color?: string; count: number }[]
    byRisk: { value: string; count: number }[]
    inspectionOverdue: number
    inspectionDueSoon: number
    inspectionHorizonDays: number
  }
  leads: {
    byStage: { stage: string; count: number; total: number; weighted: number }[]
    open: number
    pipelineValue: number
    weightedValue: number
  }
  documents: { byState: { value: string; count: number }[] }
  recent: SummaryChange[]
}

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : Number(v) || 0)
const list = (v: unknown): Record<string, unknown>[] => (Array.isArray(v) ? v.filter((x): x is Record<string, unknown> => typeof x === 'object' && x !== null) : [])
const obj = (v: unknown): Record<string, unknown> => (typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {})

/** Reads the summary defensively (missing parts count as zero). */
export function toSummary(body: unknown): Summary {
  const b = obj(body)
  const assets = obj(b.assets)
  const leads = obj(b.leads)
  const documents = obj(b.documents)
  return {
    assets: {
      total: num(assets.total),
      byStatus: list(assets.byStatus).map((s) => ({ value: String(s.value), color: typeof s.color === 'string' ? s.color : undefined, count: num(s.count) })),
      byRisk: list(assets.byRisk).map((s) => ({ value: String(s.value), count: num(s.count) })),
      inspectionOverdue: num(assets.inspectionOverdue),
      inspectionDueSoon: num(assets.inspectionDueSoon),
      inspectionHorizonDays: num(assets.inspectionHorizonDays) || INSPECTION_WINDOW_DAYS,
    },
    leads: {
      byStage: list(leads.byStage).map((s) => ({ stage: String(s.stage), count: num(s.count), total: num(s.total), weighted: num(s.weighted) })),
      open: num(leads.open),
      pipelineValue: num(leads.pipelineValue),
      weightedValue: num(leads.weightedValue),
    },
    documents: { byState: list(documents.byState).map((s) => ({ value: String(s.value), count: num(s.count) })) },
    recent: list(b.recent).map((c) => ({
      id: num(c.id),
      resource: String(c.resource ?? ''),
      resourceLabel: String(c.resourceLabel ?? c.resource ?? ''),
      recordId: num(c.recordId),
      action: String(c.action ?? ''),
      at: String(c.at ?? ''),
      actor: typeof c.actor === 'object' && c.actor !== null ? (c.actor as UserRef) : null,
      fields: Array.isArray(c.fields) ? c.fields.map(String) : [],
      title: typeof c.title === 'string' ? c.title : typeof c.recordTitle === 'string' ? c.recordTitle : null,
    })),
  }
}

// --- Figures ----------------------------------------------------------------------------------------

export interface Count {
  value: string
  label: string
  color?: string
  count: number
}

export interface StageFigure {
  value: string
  label: string
  count: number
  amount: number
  weighted: number
}

export interface Inspection {
  id: number
  tag: string
  name: string
  date: string
  days: number
  technician: string | null
}

export interface DashboardStats {
  totals: { assets: number; leads: number; documents: number }
  assetsByStatus: Count[]
  assetsByRisk: Count[]
  documentsByState: Count[]
  stages: StageFigure[]
  openLeads: number
  pipelineValue: number
  weightedValue: number
  wonValue: number
  overdue: number
  dueSoon: number
  horizonDays: number
}

/** Counts in the option list's order with its labels and colours; values it does not know still count. */
function labelled(counts: readonly { value: string; count: number; color?: string }[], options: readonly Option[] | undefined): Count[] {
  const opts = options ?? []
  const listed: Count[] = opts.map((o) => {
    const found = counts.find((c) => c.value === o.value)
    return { value: o.value, label: o.label, color: o.color ?? found?.color, count: found?.count ?? 0 }
  })
  for (const c of counts) if (!opts.some((o) => o.value === c.value)) listed.push({ value: c.value, label: c.value, color: c.color, count: c.count })
  return listed
}

export function statsFromSummary(summary: Summary, options: Options | null): DashboardStats {
  const stageCounts = summary.leads.byStage.map((s) => ({ value: s.stage, count: s.count }))
  const stages = labelled(stageCounts, options?.stages).map((s) => {
    const row = summary.leads.byStage.find((r) => r.stage === s.value)
    return { value: s.value, label: s.label, count: s.count, amount: row?.total ?? 0, weighted: row?.weighted ?? 0 }
  })
  const sum = (rows: readonly { count: number }[]) => rows.reduce((n, r) => n + r.count, 0)
  return {
    totals: { assets: summary.assets.total, leads: sum(summary.leads.byStage), documents: sum(summary.documents.byState) },
    assetsByStatus: labelled(summary.assets.byStatus, options?.statuses),
    assetsByRisk: labelled(summary.assets.byRisk, options?.risks),
    documentsByState: labelled(summary.documents.byState, options?.documentStates),
    stages,
    openLeads: summary.leads.open,
    pipelineValue: summary.leads.pipelineValue,
    weightedValue: summary.leads.weightedValue,
    wonValue: summary.leads.byStage.find((s) => s.stage === 'won')?.total ?? 0,
    overdue: summary.assets.inspectionOverdue,
    dueSoon: summary.assets.inspectionDueSoon,
    horizonDays: summary.assets.inspectionHorizonDays,
  }
}

/** Assets overdue or due within the window, soonest first (from a list sorted by next inspection). */
export function inspectionsFrom(assets: readonly Asset[], now = new Date(), windowDays = INSPECTION_WINDOW_DAYS): Inspection[] {
  const items: Inspection[] = []
  for (const asset of assets) {
    if (!asset.nextInspection) continue
    const days = daysUntil(asset.nextInspection, now)
    if (days > windowDays) continue
    items.push({
      id: asset.id,
      tag: asset.tag,
      name: asset.name,
      date: asset.nextInspection,
      days,
      technician: asset.assignedTechnician?.displayName ?? null,
    })
  }
  return items.sort((a, b) => a.days - b.days || a.tag.localeCompare(b.tag))
}

// --- Recent activity ---------------------------------------------------------------------------------

export interface Activity {
  key: string
  resource: Resource
  id: number
  title: string
  action: 'created' | 'updated' | 'deleted'
  actor: string | null
  at: number
  changed: string[]
}

const TITLES: Record<Resource, (r: Record<string, unknown>) => string> = {
  assets: (r) => `${String(r.tag ?? '')} ${String(r.name ?? '')}`.trim(),
  documents: (r) => String(r.title ?? ''),
  leads: (r) => String(r.title ?? ''),
}

const ONE: Record<Resource, string> = { assets: 'Asset', documents: 'Document', leads: 'Opportunity' }

const ACTIONS: Record<string, Activity['action']> = {
  create: 'created',
  update: 'updated',
  delete: 'deleted',
  'record.created': 'created',
  'record.updated': 'updated',
  'record.deleted': 'deleted',
}

/**
 * Recent activity: the pushes since the page opened (at once, with titles) and the change history
 * from the summary, newest first, one line per record.
 */
export function recentActivity(history: readonly SummaryChange[], log: readonly LoggedEvent[], limit = 8): Activity[] {
  const titles = new Map<string, string>()
  for (const event of [...log].reverse()) {
    if (event.record) titles.set(`${event.resource}/${event.id}`, TITLES[event.resource](event.record as unknown as Record<string, unknown>))
  }
  const entries: Activity[] = []
  for (const event of log) {
    const key = `${event.resource}/${event.id}`
    const record = (event.record ?? {}) as Record<string, unknown>
    entries.push({
      key,
      resource: event.resource,
      id: event.id,
      title: titles.get(key) || `${ONE[event.resource]} #${event.id}`,
      action: ACTIONS[event.type],
      actor: (record.updatedBy as UserRef | undefined)?.displayName ?? null,
      at: event.at,
      changed: event.changed,
    })
  }
  for (const change of history) {
    if (!isResource(change.resource)) continue
    const key = `${change.resource}/${change.recordId}`
    entries.push({
      key,
      resource: change.resource,
      id: change.recordId,
      title: change.title || titles.get(key) || `${ONE[change.resource]} #${change.recordId}`,
      action: ACTIONS[change.action] ?? 'updated',
      actor: change.actor?.displayName ?? null,
      at: Date.parse(change.at) || 0,
      changed: change.fields,
    })
  }
  entries.sort((a, b) => b.at - a.at)
  const seen = new Set<string>()
  return entries.filter((e) => !seen.has(e.key) && seen.add(e.key)).slice(0, limit)
}
