/**
 * The quick panel's events and notes (the user's own, `GET /api/quick-panel/data`): add, edit,
 * remove, and every change shows live on the user's other devices (`quick-panel` push).
 */
import { atom } from 'jotai'

import type { components } from '@/api/schema'

import { api, ApiError, errorMessage } from '@/data/client'

type Schemas = components['schemas']

export type QuickPanelKind = Schemas['QuickPanelChanged']['kind']
export type QuickPanelItem = Schemas['QuickPanelItemPublic']

export interface QuickPanelState {
  events: QuickPanelItem[]
  notes: QuickPanelItem[]
  status: 'idle' | 'loading' | 'ready' | 'error'
  error: string | null
}

/** The `quick-panel` push. */
export type QuickPanelPush = Schemas['QuickPanelChanged']

export function toQuickPanelItem(value: unknown): QuickPanelItem | null {
  if (typeof value !== 'object' || value === null) return null
  const v = value as Record<string, unknown>
  if (typeof v.id !== 'number') return null
  return { id: v.id, title: typeof v.title === 'string' ? v.title : '', detail: typeof v.detail === 'string' ? v.detail : '' }
}

const items = (value: unknown): QuickPanelItem[] =>
  (Array.isArray(value) ? value : []).map(toQuickPanelItem).filter((i): i is QuickPanelItem => i !== null)

export function toQuickPanelPush(payload: unknown): QuickPanelPush | null {
  if (typeof payload !== 'object' || payload === null) return null
  const p = payload as Record<string, unknown>
  if ((p.action !== 'saved' && p.action !== 'removed') || (p.kind !== 'events' && p.kind !== 'notes') || typeof p.id !== 'number') return null
  const item = toQuickPanelItem(p.item)
  if (p.action === 'saved' && !item) return null
  return { action: p.action, kind: p.kind, id: p.id, item }
}

export const initialQuickPanel = (): QuickPanelState => ({ events: [], notes: [], status: 'idle', error: null })

/** An item saved (added or edited) here or on another device: replaced in place, or added at the end. */
export function quickPanelSaved(state: QuickPanelState, kind: QuickPanelKind, item: QuickPanelItem): QuickPanelState {
  const list = state[kind]
  const index = list.findIndex((i) => i.id === item.id)
  const next = index === -1 ? [...list, item].sort((a, b) => a.id - b.id) : list.map((i) => (i.id === item.id ? item : i))
  return { ...state, [kind]: next }
}

export function quickPanelRemoved(state: QuickPanelState, kind: QuickPanelKind, id: number): QuickPanelState {
  if (!state[kind].some((i) => i.id === id)) return state
  return { ...state, [kind]: state[kind].filter((i) => i.id !== id) }
}

export function applyQuickPanelPush(state: QuickPanelState, push: QuickPanelPush): QuickPanelState {
  return push.action === 'saved' && push.item ? quickPanelSaved(state, push.kind, push.item) : quickPanelRemoved(state, push.kind, push.id)
}

export const quickPanelAtom = atom<QuickPanelState>(initialQuickPanel())

/** Write-only: (re)load (on start and after every reconnect). */
export const loadQuickPanelAtom = atom(null, async (get, set) => {
  if (get(quickPanelAtom).status !== 'ready') set(quickPanelAtom, { ...get(quickPanelAtom), status: 'loading', error: null })
  try {
    const answer = await api.get<{ events?: unknown; notes?: unknown }>('/api/quick-panel/data')
    set(quickPanelAtom, { events: items(answer?.events), notes: items(answer?.notes), status: 'ready', error: null })
  } catch (error) {
    const current = get(quickPanelAtom)
    set(quickPanelAtom, { ...current, status: current.status === 'ready' ? 'ready' : 'error', error: errorMessage(error) })
  }
})

/** Write-only: add (no id) or edit an event or note; rejects with the API error (field messages). */
export const saveQuickPanelItemAtom = atom(
  null,
  async (get, set, { kind, id, title, detail }: { kind: QuickPanelKind; id?: number; title: string; detail: string }) => {
    const body = { title: title.trim(), detail: detail.trim() }
    const answer = id === undefined ? await api.post<unknown>(`/api/quick-panel/${kind}`, body) : await api.patch<unknown>(`/api/quick-panel/${kind}/${id}`, body)
    const item = toQuickPanelItem(answer)
    if (item) set(quickPanelAtom, quickPanelSaved(get(quickPanelAtom), kind, item))
    return item
  },
)

/** Write-only: remove an event or note; rejects with the API error. */
export const removeQuickPanelItemAtom = atom(null, async (get, set, { kind, id }: { kind: QuickPanelKind; id: number }) => {
  try {
    await api.delete<unknown>(`/api/quick-panel/${kind}/${id}`)
  } catch (error) {
    // Already removed (on another device): the outcome the user wanted.
    if (!(error instanceof ApiError && error.status === 404)) throw error
  }
  set(quickPanelAtom, quickPanelRemoved(get(quickPanelAtom), kind, id))
})

export const receiveQuickPanelPushAtom = atom(null, (get, set, push: QuickPanelPush) => {
  set(quickPanelAtom, applyQuickPanelPush(get(quickPanelAtom), push))
})

export const resetQuickPanelAtom = atom(null, (_get, set) => set(quickPanelAtom, initialQuickPanel()))
