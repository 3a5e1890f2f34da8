/** Icon catalogue API: GET /api/icons answers every icon (order, name, code point, ligatures, tags). */
import { api } from '@/data/client'

export interface IconEntry {
  order: number
  id: number
  name: string
  prevSize: number
  /** The glyph's code point in the icon font (59648 = U+E900...). */
  code: number
  ligatures: string
  tags: string[]
}

export const fetchIcons = (signal?: AbortSignal) => api.get<IconEntry[]>('/api/icons', { signal })

/** Icons whose name or a tag holds every word of `q` ('arrow back' finds arrow_back). */
export function searchIcons(icons: readonly IconEntry[], q: string): IconEntry[] {
  const words = q.toLowerCase().split(/[\s_]+/).filter(Boolean)
  if (words.length === 0) return [...icons]
  return icons.filter((icon) => {
    const haystack = [icon.name, ...icon.tags].join(' ').toLowerCase()
    return words.every((w) => haystack.includes(w))
  })
}

/** 59648 -> 'U+E900'. */
export function codePoint(code: number): string {
  return `U+${code.toString(16).toUpperCase().padStart(4, '0')}`
}

/** How many tiles fit in a row of `width` pixels (at least one). */
export function columnsFor(width: number, tile: number, gap: number): number {
  return Math.max(1, Math.floor((width + gap) / (tile + gap)))
}

/** 'add_shopping_cart' -> 'add shopping cart'. */
export function readableName(name: string): string {
  return name.replace(/_/g, ' ')
}

/**
 * The rows of a windowed list to put in the page: those in the viewport plus `overscan` on each
 * side ({first, last} inclusive; last < first when there is nothing).
 */
export function visibleRows(scrollTop: number, viewport: number, rowHeight: number, count: number, overscan = 3): { first: number; last: number } {
  if (count <= 0) return { first: 0, last: -1 }
  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - overscan)
  const last = Math.min(count - 1, Math.ceil((scrollTop + Math.max(viewport, rowHeight)) / rowHeight) + overscan - 1)
  return { first, last }
}
