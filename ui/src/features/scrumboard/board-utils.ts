/** Pure rules of the scrumboard (unit-tested): moves, new items, progress, labels. */
import { pictureToDataUrl } from '@/lib/picture'

import type { Board, BoardList, Card, Checklist } from './api'
import { mediaUrl } from '../../lib/picture'

export function newId(): string {
  const bytes = new Uint8Array(12)
  crypto.getRandomValues(bytes)
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}

/** A board's address from its name (the server's rule too: app/samples/scrumboard.py slugify). */
export function slugify(name: string): string {
  return (
    name
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80)
      .replace(/-+$/g, '') || 'board'
  )
}

/** Move a card to `toList`, before the card `beforeId` (or at the end); the other lists lose it. */
export function moveCard(lists: readonly BoardList[], cardId: string, toList: string, beforeId: string | null): BoardList[] {
  return lists.map((list) => {
    const rest = list.idCards.filter((id) => id !== cardId)
    if (list.id !== toList) return rest.length === list.idCards.length ? list : { ...list, idCards: rest }
    const at = beforeId ? rest.indexOf(beforeId) : -1
    const idCards = at >= 0 ? [...rest.slice(0, at), cardId, ...rest.slice(at)] : [...rest, cardId]
    return { ...list, idCards }
  })
}

/** Move a list before the list `beforeId` (or to the end). */
export function moveList(lists: readonly BoardList[], listId: string, beforeId: string | null): BoardList[] {
  const moving = lists.find((l) => l.id === listId)
  if (!moving || listId === beforeId) return [...lists]
  const rest = lists.filter((l) => l.id !== listId)
  const at = beforeId ? rest.findIndex((l) => l.id === beforeId) : -1
  return at >= 0 ? [...rest.slice(0, at), moving, ...rest.slice(at)] : [...rest, moving]
}

export function sameOrder(a: readonly BoardList[], b: readonly BoardList[]): boolean {
  return JSON.stringify(a.map((l) => [l.id, l.idCards])) === JSON.stringify(b.map((l) => [l.id, l.idCards]))
}

export function blankCard(name: string): Card {
  return {
    id: newId(),
    name,
    description: '',
    idAttachmentCover: '',
    idMembers: [],
    idLabels: [],
    attachments: [],
    subscribed: false,
    checklists: [],
    activities: [],
    due: null,
  }
}

export const DEFAULT_LABELS = [
  { name: 'High Priority', class: 'bg-red text-white' },
  { name: 'Design', class: 'bg-orange text-white' },
  { name: 'App', class: 'bg-blue text-white' },
  { name: 'Feature', class: 'bg-purple text-white' },
  { name: 'Bug', class: 'bg-pink text-white' },
  { name: 'Chore', class: 'bg-grey text-white' },
]

/** A new, empty board (the template's usual labels, no lists yet). */
export function blankBoard(name = 'Untitled Board'): Board {
  const id = newId()
  return {
    id,
    name,
    uri: slugify(name),
    settings: { color: '', subscribed: true, cardCoverImages: true },
    lists: [],
    cards: [],
    members: [],
    labels: DEFAULT_LABELS.map((l) => ({ id: newId(), ...l })),
  }
}

export function checklistProgress(checklists: readonly Checklist[]): { done: number; total: number } {
  const items = checklists.flatMap((c) => c.checkItems)
  return { done: items.filter((i) => i.checked).length, total: items.length }
}

const LABEL_COLORS: Record<string, string> = {
  red: '#e53935',
  orange: '#fb8c00',
  blue: '#1e88e5',
  purple: '#8e24aa',
  pink: '#d81b60',
  grey: '#757575',
  gray: '#757575',
  green: '#43a047',
  teal: '#00897b',
  yellow: '#fdd835',
  indigo: '#3949ab',
  cyan: '#00acc1',
}

/** The colours a new label can have, as the template's classes ('bg-red text-white'). */
export const LABEL_CLASSES = Object.keys(LABEL_COLORS)
  .filter((c) => c !== 'gray')
  .map((c) => ({ name: c, class: `bg-${c} text-white` }))

/** The template's label classes ('bg-red text-white') as a colour. */
export function labelColor(cls: string): string {
  const match = /bg-([a-z]+)/.exec(cls)
  return (match && LABEL_COLORS[match[1]]) || '#607d8b'
}

/** ISO text or Unix seconds (the template's own data had both). */
export function toDate(value: string | number): Date {
  return typeof value === 'number' ? new Date(value * 1000) : new Date(value)
}

const when = new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' })

/** A card's date and time ("Mar 3, 2025, 4:05 PM"); '' for a value that is no date. */
export function formatWhen(value: string | number): string {
  const d = toDate(value)
  return Number.isNaN(d.getTime()) ? '' : when.format(d)
}

export { mediaUrl }

export function coverOf(card: Card): string | null {
  const cover = card.attachments.find((a) => a.id === card.idAttachmentCover && a.type === 'image')
  return mediaUrl(cover?.src)
}

export function dueState(due: string | null, now = new Date()): 'overdue' | 'soon' | 'later' | null {
  if (!due) return null
  const at = new Date(due).getTime()
  if (Number.isNaN(at)) return null
  if (at < now.getTime()) return 'overdue'
  return at - now.getTime() < 2 * 24 * 3600 * 1000 ? 'soon' : 'later'
}

export function isUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}

/** A picked image as a JPEG data URL that fits in a card (scaled to `max` px; lib/picture.ts). */
export function imageToDataUrl(file: File, max = 960): Promise<string> {
  return pictureToDataUrl(file, { max, quality: 0.8 })
}
