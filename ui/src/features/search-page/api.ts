/**
 * Global search API: GET /api/search?q= answers results (id, title, url, excerpt); without q, all of them.
 * The results are the knowledge base's articles, the FAQ's questions and the academy's courses; each
 * url opens the page that shows it.
 */
import { api } from '@/data/client'

export interface SearchResult {
  id: string
  title: string
  url: string
  excerpt: string
}

export const search = (q: string, signal?: AbortSignal) => api.get<SearchResult[]>('/api/search', { query: { q: q.trim() || undefined }, signal })

export const PER_PAGE = 10

/** Splits a text around the query's words so the matches can be marked. */
export function highlight(text: string, q: string): { text: string; match: boolean }[] {
  const words = q.trim().split(/\s+/).filter(Boolean).map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
  if (words.length === 0) return [{ text, match: false }]
  const pattern = new RegExp(`(${words.join('|')})`, 'gi')
  return text
    .split(pattern)
    .filter((part) => part !== '')
    .map((part) => ({ text: part, match: words.some((w) => new RegExp(`^${w}$`, 'i').test(part)) }))
}

/** The section a result belongs to, from its address (/pages/knowledge-base/… → "Knowledge base"). */
export function sectionOf(url: string): string {
  const parts = url.split('?')[0]!.split('/').filter(Boolean)
  const name = parts[0] === 'pages' || parts[0] === 'apps' ? parts[1] : parts[0]
  if (!name) return 'Portal'
  const words = name.replace(/-/g, ' ')
  return words.charAt(0).toUpperCase() + words.slice(1)
}
