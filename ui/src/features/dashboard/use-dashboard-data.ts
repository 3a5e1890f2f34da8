import { useAtomValue } from 'jotai'
import { useEffect, useMemo, useState } from 'react'

import { liveRecordsAtom, mergeLive, realtimeEpochAtom } from '@/lib/realtime'
import { fetchOptions, listAll, type Asset, type DocumentRecord, type Lead, type Options } from '@/lib/records'

/** Records the dashboard holds at most per resource (above it, counts come from the server total). */
export const DASHBOARD_LIMIT = 5000

interface Snapshot {
  assets: { items: Asset[]; total: number; complete: boolean }
  leads: { items: Lead[]; total: number; complete: boolean }
  documents: { items: DocumentRecord[]; total: number; complete: boolean }
  options: Options
  fetchedAt: number
}

export interface DashboardData {
  status: 'loading' | 'error' | 'success'
  error: unknown
  options: Options | null
  assets: Asset[]
  leads: Lead[]
  documents: DocumentRecord[]
  totals: { assets: number; leads: number; documents: number }
  complete: boolean
  reload: () => void
}

/**
 * Every asset, opportunity and document, fetched once (and again after every reconnect), with
 * the realtime pushes laid over them: each figure computed from this updates at once.
 */
export function useDashboardData(): DashboardData {
  const epoch = useAtomValue(realtimeEpochAtom)
  const live = useAtomValue(liveRecordsAtom)
  const [attempt, setAttempt] = useState(0)
  const [state, setState] = useState<{ snapshot: Snapshot | null; error: unknown; failed: boolean }>({
    snapshot: null,
    error: null,
    failed: false,
  })

  useEffect(() => {
    const controller = new AbortController()
    const fetchedAt = Date.now()
    const s = controller.signal
    Promise.all([
      listAll('assets', { sort: 'id' }, s, DASHBOARD_LIMIT),
      listAll('leads', { sort: 'id' }, s, DASHBOARD_LIMIT),
      listAll('documents', { sort: 'id' }, s, DASHBOARD_LIMIT),
      fetchOptions(s),
    ]).then(
      ([assets, leads, documents, options]) => {
        if (!s.aborted) setState({ snapshot: { assets, leads, documents, options, fetchedAt }, error: null, failed: false })
      },
      (error: unknown) => {
        if (!s.aborted) setState((prev) => ({ snapshot: prev.snapshot, error, failed: true }))
      },
    )
    return () => controller.abort()
  }, [epoch, attempt])

  const snap = state.snapshot
  return useMemo(() => {
    const reload = () => {
      setState((prev) => ({ ...prev, failed: false }))
      setAttempt((n) => n + 1)
    }
    if (!snap) {
      return {
        status: state.failed ? 'error' : 'loading',
        error: state.error,
        options: null,
        assets: [],
        leads: [],
        documents: [],
        totals: { assets: 0, leads: 0, documents: 0 },
        complete: true,
        reload,
      }
    }
    const assets = mergeLive(snap.assets.items, live.assets, snap.fetchedAt)
    const leads = mergeLive(snap.leads.items, live.leads, snap.fetchedAt)
    const documents = mergeLive(snap.documents.items, live.documents, snap.fetchedAt)
    const total = (part: { items: unknown[]; total: number; complete: boolean }, merged: unknown[]) =>
      part.complete ? merged.length : part.total + (merged.length - part.items.length)
    return {
      status: 'success',
      error: state.error,
      options: snap.options,
      assets,
      leads,
      documents,
      totals: {
        assets: total(snap.assets, assets),
        leads: total(snap.leads, leads),
        documents: total(snap.documents, documents),
      },
      complete: snap.assets.complete && snap.leads.complete && snap.documents.complete,
      reload,
    }
  }, [snap, live, state.error, state.failed])
}
