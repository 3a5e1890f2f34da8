/** The records part of the toolbar search: GET /search?q=, debounced, the latest answer only. */
import { useEffect, useState } from 'react'

import type { components } from '@/api/schema'
import { api } from '@/data/client'
import type { TextPart } from '@/data/records'

export const RECORD_SEARCH_DELAY = 250
export const RECORD_SEARCH_MIN_CHARS = 2

/** One match of the toolbar search (schemas/records.py SearchHit): a document's carries its snippet. */
export type RecordHit = components['schemas']['SearchHit']
export type RecordGroup = components['schemas']['SearchGroup']

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
export function hitHref(hit: Pick<RecordHit, 'kind' | 'link'>, q: string): string {
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
