import { useAtomValue } from 'jotai'
import { useEffect, useState } from 'react'

import { documentProgressAtom, documentStatus, type DocumentStatus } from '@/data/document-progress'
import { cachedRecordAtom } from '@/data/cache'
import { realtimeEpochAtom } from '@/data/live'
import { getRecord, type AnyRecord } from '@/data/records'

export interface LiveDocument {
  record: AnyRecord
  status: DocumentStatus
  deleted: boolean
}

/** `b` over `a` when it is a newer version (or, for a fresh read, the same version: newer progress). */
function newer(a: AnyRecord, b: AnyRecord | null | undefined, sameToo = false): AnyRecord {
  return b && (b.version > a.version || (sameToo && b.version === a.version)) ? ({ ...a, ...b } as AnyRecord) : a
}

/**
 * A document as it is now: the given record, replaced by newer versions pushed or fetched (the record cache), with
 * the latest progress push laid over. While it is queued or processing it is read again after
 * every (re)connect, so a finish missed while offline is still seen.
 */
export function useLiveDocument(initial: AnyRecord): LiveDocument {
  const cached = useAtomValue(cachedRecordAtom('documents', initial.id))
  const push = useAtomValue(documentProgressAtom)[initial.id]
  const epoch = useAtomValue(realtimeEpochAtom)
  const [fetched, setFetched] = useState<AnyRecord | null>(null)
  const [firstEpoch] = useState(epoch)

  let record = newer(initial, fetched, true)
  if (cached && !cached.deleted) record = newer(record, cached.record)
  const status = documentStatus(record, push)
  const finished = status.finished

  useEffect(() => {
    if (epoch === firstEpoch || finished) return
    const controller = new AbortController()
    getRecord('documents', initial.id, controller.signal).then(
      (r) => setFetched(r as unknown as AnyRecord),
      () => undefined,
    )
    return () => controller.abort()
  }, [epoch, firstEpoch, finished, initial.id])

  return { record, status, deleted: Boolean(cached?.deleted) }
}
