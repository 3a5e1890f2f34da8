import { useAtomValue, useSetAtom } from 'jotai'
import { useEffect, useMemo, useState } from 'react'

import { cacheAtom, queryKey, rowsOf, writeQueryAtom } from '@/data/cache'
import { api } from '@/data/client'
import { takePrefetched } from '@/data/prefetch'
import { lastSeqFor, realtimeEpochAtom, recordEventLogAtom } from '@/data/live'
import { recordBatchesAtom } from '@/data/record-batches'
import { fetchOptions, listRecords, MAX_PER_PAGE, toOptions, type AnyRecord, type Asset, type Options, type Page } from '@/data/records'

import { INSPECTION_WINDOW_DAYS, inspectionsFrom, statsFromSummary, toSummary, type DashboardStats, type Inspection, type Summary } from './stats'

/** A burst of pushes refetches once, this long after the last one (ms). */
export const REFETCH_DEBOUNCE_MS = 300
/** Pages of assets (sorted by next inspection) read at most for the inspection list. */
export const INSPECTION_PAGES = 5

export interface DashboardData {
  status: 'loading' | 'error' | 'success'
  error: unknown
  stats: DashboardStats | null
  summary: Summary | null
  inspections: Inspection[] | null
  reload: () => void
}

/** The same answer (figures and option lists are plain JSON). */
function same(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b)
}

/** A counter that follows `value`, `delay` ms after it stops changing. */
function useDebounced(value: number, delay: number): number {
  const [debounced, setDebounced] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay)
    return () => clearTimeout(timer)
  }, [value, delay])
  return debounced
}

/**
 * The soonest inspections: assets sorted by next inspection date, read page by page until the dates
 * pass the window (assets without a date may sort first or last, depending on the database).
 */
async function fetchInspections(signal: AbortSignal, keep: (key: string, page: Page<AnyRecord>) => void): Promise<{ keys: string[]; found: Asset[] }> {
  const found: Asset[] = []
  const keys: string[] = []
  const horizon = new Date()
  horizon.setDate(horizon.getDate() + INSPECTION_WINDOW_DAYS)
  const limit = horizon.toISOString().slice(0, 10)
  for (let page = 1; page <= INSPECTION_PAGES; page += 1) {
    const params = { sort: 'nextInspection', order: 'asc', perPage: MAX_PER_PAGE, page }
    // Right after sign-in the first page is already on its way (data/prefetch.ts, src/app/routes.tsx).
    const ahead = takePrefetched('/assets', params) as Promise<Page<Asset>> | null
    const answer = await (ahead ?? listRecords('assets', params, signal))
    // Into the one record cache: a pushed asset moves in the list at once (before the refetch).
    keys.push(queryKey('assets', params))
    keep(keys[keys.length - 1], answer as unknown as Page<AnyRecord>)
    found.push(...answer.items)
    const beyond = answer.items.some((a) => a.nextInspection && a.nextInspection.slice(0, 10) > limit)
    if (beyond || answer.items.length < MAX_PER_PAGE || page * MAX_PER_PAGE >= answer.total) break
  }
  return { keys, found }
}

/**
 * The dashboard figures from `GET /dashboard/summary`: fetched once, again after every reconnect,
 * and again (debounced) after every pushed record change. Between a push and the refetch, the
 * recent-activity list shows the push at once (see stats.recentActivity).
 */
export function useDashboardData(): DashboardData {
  const epoch = useAtomValue(realtimeEpochAtom)
  const log = useAtomValue(recordEventLogAtom)
  const batches = useAtomValue(recordBatchesAtom) // imports push one batch, not one record at a time
  const anyChange = useDebounced((log[0]?.seq ?? 0) + 1_000_000 * Object.values(batches).reduce((a, b) => a + b, 0), REFETCH_DEBOUNCE_MS)
  const assetChange = useDebounced(lastSeqFor(log, 'assets') + 1_000_000 * batches.assets, REFETCH_DEBOUNCE_MS)
  const [attempt, setAttempt] = useState(0)
  const [state, setState] = useState<{ summary: Summary | null; options: Options | null; error: unknown; failed: boolean }>({
    summary: null,
    options: null,
    error: null,
    failed: false,
  })
  const writeQuery = useSetAtom(writeQueryAtom)
  const cache = useAtomValue(cacheAtom)
  const [fetched, setFetched] = useState<{ keys: string[]; found: Asset[] } | null>(null)
  // The fetched pages as the cache holds them now (pushes included); the answer itself if the cache let them go.
  const inspections = useMemo<Inspection[] | null>(() => {
    if (!fetched) return null
    const cached = fetched.keys.map((key) => rowsOf(cache, key))
    const rows = cached.every((r) => r !== null) ? (cached.flat() as unknown as Asset[]) : fetched.found
    return inspectionsFrom(rows)
  }, [fetched, cache])

  useEffect(() => {
    const controller = new AbortController()
    const s = controller.signal
    // Right after sign-in the summary and the option lists are already on their way (data/prefetch.ts).
    const summary = takePrefetched('/dashboard/summary') ?? api.get<unknown>('/dashboard/summary', { signal: s })
    const options = takePrefetched('/options')?.then(toOptions) ?? fetchOptions(s)
    Promise.all([summary, options.catch(() => null)]).then(
      ([body, options]) => {
        if (s.aborted) return
        const summary = toSummary(body)
        // A refetch that brings the same figures (the first connection's, most often) keeps the state:
        // the charts are not drawn again.
        setState((prev) =>
          !prev.failed && prev.error === null && same(prev.summary, summary) && same(prev.options, options)
            ? prev
            : { summary, options, error: null, failed: false },
        )
      },
      (error: unknown) => {
        if (!s.aborted) setState((prev) => ({ ...prev, error, failed: true }))
      },
    )
    return () => controller.abort()
  }, [epoch, attempt, anyChange])

  useEffect(() => {
    const controller = new AbortController()
    fetchInspections(controller.signal, (key, page) => writeQuery({ key, resource: 'assets', page })).then(
      (answer) => {
        if (!controller.signal.aborted) setFetched(answer)
      },
      () => {
        if (!controller.signal.aborted) setFetched((prev) => prev ?? { keys: [], found: [] })
      },
    )
    return () => controller.abort()
  }, [epoch, attempt, assetChange, writeQuery])

  return useMemo(() => {
    const reload = () => {
      setState((prev) => ({ ...prev, failed: false }))
      setAttempt((n) => n + 1)
    }
    const { summary, options } = state
    return {
      status: summary ? 'success' : state.failed ? 'error' : 'loading',
      error: state.error,
      stats: summary ? statsFromSummary(summary, options) : null,
      summary,
      inspections,
      reload,
    }
  }, [state, inspections])
}
