import { api } from '@/lib/api'

export interface StatusOption {
  value: string
  label: string
  color?: string
}

export interface LabeledOption {
  value: string
  label: string
}

/** GET /options (only what the dashboard reads is typed strictly). */
export interface Options {
  statuses: StatusOption[]
  risks: LabeledOption[]
  departments: unknown[]
  stages: unknown[]
  documentStates: unknown[]
  assetCategories: unknown[]
}

export interface Page<T> {
  items: T[]
  total: number
  page: number
  perPage: number
}

export type CountedResource = 'assets' | 'documents' | 'leads'

export function fetchOptions(signal?: AbortSignal): Promise<Options> {
  return api.get<Options>('/options', { signal })
}

/** How many records a list holds (optionally filtered), read from one page of one item. */
export async function fetchTotal(
  resource: CountedResource,
  filters: Record<string, string> = {},
  signal?: AbortSignal,
): Promise<number> {
  const page = await api.get<Page<unknown>>(`/${resource}`, {
    query: { page: 1, perPage: 1, ...filters },
    signal,
  })
  return typeof page?.total === 'number' ? page.total : 0
}

export interface Totals {
  assets: number
  leads: number
  documents: number
}

export async function fetchTotals(signal: AbortSignal): Promise<Totals> {
  const [assets, leads, documents] = await Promise.all([
    fetchTotal('assets', {}, signal),
    fetchTotal('leads', {}, signal),
    fetchTotal('documents', {}, signal),
  ])
  return { assets, leads, documents }
}

export interface StatusCount extends StatusOption {
  count: number
}

/** Assets per status, in the order /options lists the statuses. */
export async function fetchAssetStatusCounts(signal: AbortSignal): Promise<StatusCount[]> {
  const options = await fetchOptions(signal)
  const statuses = Array.isArray(options?.statuses) ? options.statuses : []
  return Promise.all(
    statuses.map(async (status) => ({
      ...status,
      count: await fetchTotal('assets', { status: status.value }, signal),
    })),
  )
}
