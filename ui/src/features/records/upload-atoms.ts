/**
 * The uploads of this page load: one entry per file, sent one request per file (so each file has its
 * own transfer progress and its own answer: a refused file does not hold back the others), at most
 * MAX_PARALLEL at a time. After the transfer the entry holds the created record; its processing is
 * followed through the pushes (data/document-progress.ts, data/live.ts).
 */
import { atom, type Getter } from 'jotai'

import { cachedRecordAtom } from '@/data/cache'
import { ApiError, errorMessage } from '@/data/client'
import { userAtom } from '@/lib/auth'
import { documentProgressAtom, documentStatus } from '@/data/document-progress'
import { checkFileName, uploadDocuments, type UploadFields, type UploadOptions } from '@/data/documents'
import type { DocumentRecord } from '@/data/records'

export type UploadPhase = 'waiting' | 'sending' | 'sent' | 'refused' | 'failed' | 'cancelled'

export interface UploadItem {
  key: string
  name: string
  size: number
  phase: UploadPhase
  /** Transfer: bytes sent of the request's total (the file plus a little form overhead). */
  loaded: number
  total: number
  /** Why the server refused the file (refused), or why the transfer broke off (failed). */
  error: string | null
  /** HTTP status of a refusal (0: the server could not be reached). */
  errorStatus: number | null
  /** The created record (phase 'sent'). */
  document: DocumentRecord | null
  fields: UploadFields
  title: string
  addedAt: number
  /** Who sent it (a later sign-in in the same tab does not see it). */
  userId: string | null
}

export interface UploadRequest {
  files: { file: File; title?: string }[]
  fields: UploadFields
}

export const MAX_PARALLEL = 2

export const uploadsAtom = atom<UploadItem[]>([])

/** The signed-in user's uploads, newest first. */
export const myUploadsAtom = atom((get) => {
  const userId = get(userAtom).data?.id ?? null
  return get(uploadsAtom).filter((item) => item.userId === userId)
})

// Not state: the files themselves (to send again) and the running requests (to cancel).
const files = new Map<string, File>()
const controllers = new Map<string, AbortController>()
const queue: (() => Promise<void>)[] = []
let running = 0
let counter = 0

/** Injected in tests (a fake XMLHttpRequest). */
let uploadOptions: Pick<UploadOptions, 'xhr'> = {}
export function setUploadTransport(options: Pick<UploadOptions, 'xhr'>): void {
  uploadOptions = options
}

function pump(): void {
  while (running < MAX_PARALLEL && queue.length > 0) {
    const task = queue.shift()!
    running += 1
    void task().finally(() => {
      running -= 1
      pump()
    })
  }
}

export function percentOf(item: Pick<UploadItem, 'loaded' | 'total' | 'phase'>): number {
  if (item.phase === 'sent') return 100
  if (!item.total) return 0
  return Math.max(0, Math.min(100, Math.floor((item.loaded / item.total) * 100)))
}

type Setter = (update: (items: UploadItem[]) => UploadItem[]) => void

function patchItem(set: Setter, key: string, patch: Partial<UploadItem>): void {
  set((items) => items.map((item) => (item.key === key ? { ...item, ...patch } : item)))
}

function transfer(set: Setter, item: UploadItem): () => Promise<void> {
  return async () => {
    const file = files.get(item.key)
    if (!file) return
    const controller = new AbortController()
    controllers.set(item.key, controller)
    patchItem(set, item.key, { phase: 'sending', loaded: 0, total: file.size, error: null, errorStatus: null })
    let shown = -1
    try {
      const [created] = await uploadDocuments([file], item.fields, {
        ...uploadOptions,
        titles: item.title.trim() ? [item.title] : undefined,
        signal: controller.signal,
        onProgress: ({ loaded, total }) => {
          const percent = Math.floor((loaded / Math.max(1, total)) * 100)
          if (percent === shown) return // one update per whole percent
          shown = percent
          patchItem(set, item.key, { loaded, total })
        },
      })
      files.delete(item.key)
      patchItem(set, item.key, created ? { phase: 'sent', document: created } : { phase: 'failed', error: 'The server answered without a record.' })
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') {
        patchItem(set, item.key, { phase: 'cancelled', error: null })
        return
      }
      const status = error instanceof ApiError ? error.status : 0
      // Refused (4xx): the file itself or the form is the problem; sending it again would not help.
      const refused = status >= 400 && status < 500 && status !== 408 && status !== 429
      if (refused) files.delete(item.key)
      patchItem(set, item.key, { phase: refused ? 'refused' : 'failed', error: errorMessage(error), errorStatus: status })
    } finally {
      controllers.delete(item.key)
    }
  }
}

/** Adds files (each checked by name first) and starts sending them. Answers the new entries' keys. */
export const startUploadsAtom = atom(null, (get, set, request: UploadRequest): string[] => {
  const userId = get(userAtom).data?.id ?? null
  const setItems: Setter = (update) => set(uploadsAtom, update)
  const added: UploadItem[] = request.files.map(({ file, title }) => {
    counter += 1
    const problem = checkFileName(file.name)
    return {
      key: `upload-${counter}`,
      name: file.name,
      size: file.size,
      phase: problem ? 'refused' : 'waiting',
      loaded: 0,
      total: file.size,
      error: problem,
      errorStatus: problem ? 415 : null,
      document: null,
      fields: request.fields,
      title: title ?? '',
      addedAt: Date.now(),
      userId,
    }
  })
  setItems((items) => [...added, ...items])
  added.forEach((item, index) => {
    if (item.phase !== 'waiting') return
    files.set(item.key, request.files[index].file)
    queue.push(transfer(setItems, item))
  })
  pump()
  return added.map((i) => i.key)
})

/** Cancel a transfer that is waiting or running. */
export const cancelUploadAtom = atom(null, (get, set, key: string) => {
  const controller = controllers.get(key)
  if (controller) {
    controller.abort()
    return
  }
  const item = get(uploadsAtom).find((i) => i.key === key)
  if (item?.phase === 'waiting') {
    files.delete(key)
    set(uploadsAtom, (items) => items.map((i) => (i.key === key ? { ...i, phase: 'cancelled' } : i)))
  }
})

/** Send a file again after the transfer broke off (network, server busy). */
export const resendUploadAtom = atom(null, (get, set, key: string) => {
  const item = get(uploadsAtom).find((i) => i.key === key)
  if (!item || !files.has(key) || (item.phase !== 'failed' && item.phase !== 'cancelled')) return
  const setItems: Setter = (update) => set(uploadsAtom, update)
  patchItem(setItems, key, { phase: 'waiting', error: null, errorStatus: null, loaded: 0 })
  queue.push(transfer(setItems, { ...item, phase: 'waiting' }))
  pump()
})

export function canResend(item: UploadItem): boolean {
  return (item.phase === 'failed' || item.phase === 'cancelled') && files.has(item.key)
}

/** True when nothing more will happen to the entry by itself. */
export function isSettled(get: Getter, item: UploadItem): boolean {
  if (item.phase === 'refused' || item.phase === 'failed' || item.phase === 'cancelled') return true
  if (item.phase !== 'sent' || !item.document) return false
  const cached = get(cachedRecordAtom('documents', item.document.id))
  if (cached?.deleted) return true
  const record = cached && cached.record.version > item.document.version ? { ...item.document, ...cached.record } : item.document
  return documentStatus(record, get(documentProgressAtom)[item.document.id]).finished
}

export const dismissUploadAtom = atom(null, (_get, set, key: string) => {
  files.delete(key)
  set(uploadsAtom, (items) => items.filter((i) => i.key !== key))
})

/** Remove every entry that is settled (ready, failed, refused, cancelled). */
export const clearSettledUploadsAtom = atom(null, (get, set) => {
  const keep = get(uploadsAtom).filter((item) => !isSettled(get, item))
  for (const item of get(uploadsAtom)) if (!keep.includes(item)) files.delete(item.key)
  set(uploadsAtom, keep)
})

/** For tests: forget every upload. */
export function resetUploads(): void {
  for (const controller of controllers.values()) controller.abort()
  files.clear()
  controllers.clear()
  queue.length = 0
  running = 0
}
