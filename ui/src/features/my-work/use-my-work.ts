import { useAtomValue } from 'jotai'
import { useEffect, useState } from 'react'

import { lastSeqFor, realtimeEpochAtom, recordEventLogAtom } from '@/data/live'

import { fetchMyWork, type MyWork } from './api'

const REFETCH_DEBOUNCE_MS = 300

export interface MyWorkState {
  data: MyWork | null
  error: unknown
  loading: boolean
  reload: () => void
}

/** The technician's assets, fetched again after a reconnect and (debounced) after any pushed asset
 * change: an assignment, another's edit or this user's own inspection from another device. */
export function useMyWork(): MyWorkState {
  const epoch = useAtomValue(realtimeEpochAtom)
  const assetSeq = lastSeqFor(useAtomValue(recordEventLogAtom), 'assets')
  const [changed, setChanged] = useState(assetSeq)
  const [attempt, setAttempt] = useState(0)
  const [state, setState] = useState<{ data: MyWork | null; error: unknown; loading: boolean }>({
    data: null,
    error: null,
    loading: true,
  })

  useEffect(() => {
    const timer = setTimeout(() => setChanged(assetSeq), REFETCH_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [assetSeq])

  useEffect(() => {
    const controller = new AbortController()
    fetchMyWork(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ data, error: null, loading: false })
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState((prev) => ({ ...prev, error, loading: false }))
      },
    )
    return () => controller.abort()
  }, [epoch, changed, attempt])

  return { ...state, reload: () => setAttempt((n) => n + 1) }
}
