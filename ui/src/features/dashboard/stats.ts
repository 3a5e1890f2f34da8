/** Everything the dashboard shows, computed from the records it holds (pure; tested). */
import { daysUntil } from '@/lib/format'
import type { LoggedEvent } from '@/lib/realtime'
import type { Asset, DocumentRecord, Lead, Option, Options, Resource, UserRef } from '@/lib/records'

export const INSPECTION_WINDOW_DAYS = 30
export const CLOSED_STAGES = ['won', 'lost']

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

export interface DashboardStats {
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
  inspections: Inspection[]
}

function countBy<T>(items: readonly T[], key: (item: T) => string, options: Option[]): Count[] {
  const counts = new Map<string, number>()
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1)
  const listed = options.map((o) => ({ value: o.value, label: o.label, color: o.color, count: counts.get(o.value) ?? 0 }))
  // Values the option list does not know still count.
  for (const [value, count] of counts) if (!options.some((o) => o.value === value)) listed.push({ value, label: value, color: undefined, count })
  return listed
}

export function computeStats(
  data: { assets: readonly Asset[]; leads: readonly Lead[]; documents: readonly DocumentRecord[] },
  options: Options,
  now = new Date(),
): DashboardStats {
  const stages = options.stages.map((s) => ({ value: s.value, label: s.label, count: 0, amount: 0, weighted: 0 }))
  let openLeads = 0
  let pipelineValue = 0
  let weightedValue = 0
  let wonValue = 0
  for (const lead of data.leads) {
    const value = Number(lead.estimatedValue) || 0
    const weighted = (value * (Number(lead.probability) || 0)) / 100
    let stage = stages.find((s) => s.value === lead.stage)
    if (!stage) {
      stage = { value: lead.stage, label: lead.stage, count: 0, amount: 0, weighted: 0 }
      stages.push(stage)
    }
    stage.count += 1
    stage.amount += value
    stage.weighted += weighted
    if (lead.stage === 'won') wonValue += value
    if (!CLOSED_STAGES.includes(lead.stage)) {
      openLeads += 1
      pipelineValue += value
      weightedValue += weighted
    }
  }
  const inspections: Inspection[] = []
  let overdue = 0
  let dueSoon = 0
  for (const asset of data.assets) {
    if (!asset.nextInspection) continue
    const days = daysUntil(asset.nextInspection, now)
    if (days > INSPECTION_WINDOW_DAYS) continue
    if (days < 0) overdue += 1
    else dueSoon += 1
    inspections.push({
      id: asset.id,
      tag: asset.tag,
      name: asset.name,
      date: asset.nextInspection,
      days,
      technician: asset.assignedTechnician?.displayName ?? null,
    })
  }
  inspections.sort((a, b) => a.days - b.days || a.tag.localeCompare(b.tag))
  return {
    assetsByStatus: countBy(data.assets, (a) => a.status, options.statuses),
    assetsByRisk: countBy(data.assets, (a) => a.risk, options.risks),
    documentsByState: countBy(data.documents, (d) => d.state, options.documentStates),
    stages,
    openLeads,
    pipelineValue,
    weightedValue,
    wonValue,
    overdue,
    dueSoon,
    inspections,
  }
}

const TITLES: Record<Resource, (r: Record<string, unknown>) => string> = {
  assets: (r) => `${String(r.tag ?? '')} ${String(r.name ?? '')}`.trim(),
  documents: (r) => String(r.title ?? ''),
  leads: (r) => String(r.title ?? ''),
}

/**
 * Recent activity: what was pushed while the page is open (with the changed fields), then the
 * most recently updated records (version 1 = created), newest first, one line per record.
 */
export function recentActivity(
  data: { assets: readonly Asset[]; leads: readonly Lead[]; documents: readonly DocumentRecord[] },
  log: readonly LoggedEvent[],
  limit = 8,
): Activity[] {
  const entries: Activity[] = []
  for (const event of log) {
    const record = (event.record ?? {}) as Record<string, unknown>
    const known = (data[event.resource] as readonly { id: number }[]).find((r) => r.id === event.id) as Record<string, unknown> | undefined
    entries.push({
      key: `${event.resource}/${event.id}`,
      resource: event.resource,
      id: event.id,
      title: TITLES[event.resource](event.record ? record : (known ?? {})) || `#${event.id}`,
      action: event.type === 'record.created' ? 'created' : event.type === 'record.deleted' ? 'deleted' : 'updated',
      actor: (record.updatedBy as UserRef | undefined)?.displayName ?? null,
      at: event.at,
      changed: event.changed,
    })
  }
  for (const resource of ['assets', 'documents', 'leads'] as const) {
    for (const r of data[resource] as readonly (Asset | Lead | DocumentRecord)[]) {
      entries.push({
        key: `${resource}/${r.id}`,
        resource,
        id: r.id,
        title: TITLES[resource](r as unknown as Record<string, unknown>),
        action: r.version === 1 ? 'created' : 'updated',
        actor: r.updatedBy?.displayName ?? null,
        at: new Date(r.updatedAt).getTime(),
        changed: [],
      })
    }
  }
  entries.sort((a, b) => b.at - a.at)
  const seen = new Set<string>()
  return entries.filter((e) => !seen.has(e.key) && seen.add(e.key)).slice(0, limit)
}
