/** The records part of the toolbar search: GET /search?q=, debounced, the latest answer only. */
import { useEffect, useState } from 'react'

import { api } from '@/data/client'
import type { TextPart } from '@/data/records'

export const RECORD_SEARCH_DELAY = 250
export const RECORD_SEARCH_MIN_CHARS = 2

export interface RecordHit {
  kind: 'asset' | 'lead' | 'document'
  id: number
  title: string
  context: string
  link: string
  snippet?: TextPart[] | null
}

export interface RecordGroup {
  resource: string
  label: string
  total: number
  totalIsExact: boolean
  items: RecordHit[]
  more: string | null
}

function toGroups(body: unknown): RecordGroup[] {
  const groups = (body as { groups?: unknown } | null)?.groups
  if (!Array.isArray(groups)) return []
  return groups.filter((g): g is RecordGroup => typeof g === 'object' && g !== null && Array.isArray((g as RecordGroup).items))
}

/** A snippet short enough for one line that still shows its first match: text before it is cut to `before` characters. */
export function shortSnippet(parts: TextPart[] | null | undefined, before = 24): TextPart[] {
  if (!parts?.length) return []
  const first = parts.findIndex((p) => p.match)
  if (first < 0) return parts
  const lead = parts
    .slice(0, first)
    .map((p) => p.text)
    .join('')
  const kept = lead.length > before ? `… ${lead.slice(lead.length - before).replace(/^\S*\s/, '')}` : lead
  return [...(kept ? [{ text: kept, match: false }] : []), ...parts.slice(first)]
}

/** Where a hit opens: a document opens with the words, so its text panel shows them. */
export function hitHref(hit: RecordHit, q: string): string {
  return hit.kind === 'document' ? `${hit.link}?q=${encodeURIComponent(q.trim())}` : hit.link
}

export function useRecordSearch(query: string): { groups: RecordGroup[]; loading: boolean } {
  const q = query.trim()
  const [state, setState] = useState<{ q: string; groups: RecordGroup[] }>({ q: '', groups: [] })
  useEffect(() => {
    if (q.length < RECORD_SEARCH_MIN_CHARS) return
    const controller = new AbortController()
    const timer = setTimeout(() => {
      api.get<unknown>('/search', { query: { q }, signal: controller.signal }).then(
        (body) => !controller.signal.aborted && setState({ q, groups: toGroups(body) }),
        () => !controller.signal.aborted && setState({ q, groups: [] }),
      )
    }, RECORD_SEARCH_DELAY)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [q])
  if (q.length < RECORD_SEARCH_MIN_CHARS) return { groups: [], loading: false }
  return { groups: state.q === q ? state.groups : [], loading: state.q !== q }
}
