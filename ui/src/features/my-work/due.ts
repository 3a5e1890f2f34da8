/** How a next-inspection date reads in the field view, from the server's "today". */
export type DueTone = 'overdue' | 'today' | 'soon' | 'later' | 'none'

export interface Due {
  tone: DueTone
  label: string
}

const SOON_DAYS = 7

function dayNumber(iso: string): number {
  const [y, m, d] = iso.slice(0, 10).split('-').map(Number)
  return Date.UTC(y, m - 1, d) / 86_400_000
}

export function dueOf(nextInspection: string | null, today: string): Due {
  if (!nextInspection) return { tone: 'none', label: 'No inspection date' }
  const days = Math.round(dayNumber(nextInspection) - dayNumber(today))
  if (days < 0) return { tone: 'overdue', label: days === -1 ? 'Overdue since yesterday' : `Overdue ${-days} days` }
  if (days === 0) return { tone: 'today', label: 'Due today' }
  if (days === 1) return { tone: 'soon', label: 'Due tomorrow' }
  return { tone: days <= SOON_DAYS ? 'soon' : 'later', label: `Due in ${days} days` }
}

export const DUE_PALETTE: Record<DueTone, string> = {
  overdue: 'red',
  today: 'orange',
  soon: 'yellow',
  later: 'gray',
  none: 'gray',
}

/** Overdue first, then by next inspection, undated last (the server's order, kept after a push). */
export function byDue<T extends { id: number; nextInspection: string | null }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => {
    if (a.nextInspection === b.nextInspection) return a.id - b.id
    if (!a.nextInspection) return 1
    if (!b.nextInspection) return -1
    return a.nextInspection < b.nextInspection ? -1 : 1
  })
}
