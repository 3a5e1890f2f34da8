/**
 * Colours of the enumerated record values. Spec: status GREAT white, GOOD green, BAD orange,
 * POOR dark red. Risk, stage and document-state colours are the portal's own choice.
 */
const STATUS: Record<string, string> = { GREAT: '#f8fafc', GOOD: '#22c55e', BAD: '#f97316', POOR: '#b91c1c' }
const RISK: Record<string, string> = { LL: '#22c55e', L: '#a3e635', H: '#f97316', HH: '#ef4444' }
const STAGE: Record<string, string> = {
  new: '#94a3b8',
  qualified: '#38bdf8',
  proposal: '#a78bfa',
  negotiation: '#f59e0b',
  won: '#22c55e',
  lost: '#ef4444',
}
const DOCUMENT_STATE: Record<string, string> = { queued: '#94a3b8', processing: '#38bdf8', ready: '#22c55e', failed: '#ef4444' }

/** Named colours as the API may send them, drawn in shades that read well on both themes. */
const BY_NAME: Record<string, string> = {
  white: '#f8fafc',
  green: '#22c55e',
  orange: '#f97316',
  darkred: '#b91c1c',
  red: '#ef4444',
}

const CSS_COLOR = /^(#[0-9a-f]{3,8}|rgba?\(.+\)|hsla?\(.+\))$/i

export function statusColor(value: string, color?: string | null): string {
  if (color) {
    const name = color.replace(/[\s_-]/g, '').toLowerCase()
    if (BY_NAME[name]) return BY_NAME[name]
    if (CSS_COLOR.test(color.trim())) return color.trim()
  }
  return STATUS[value.toUpperCase()] ?? '#94a3b8'
}

export type ColouredList = 'statuses' | 'risks' | 'stages' | 'documentStates'

export function valueColor(list: string, value: string, color?: string | null): string | null {
  switch (list) {
    case 'statuses':
      return statusColor(value, color)
    case 'risks':
      return RISK[value] ?? null
    case 'stages':
      return STAGE[value] ?? null
    case 'documentStates':
      return DOCUMENT_STATE[value] ?? null
    default:
      return null
  }
}
