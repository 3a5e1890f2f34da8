/** Spec: status colours GREAT white, GOOD green, BAD orange, POOR dark red. */
const BY_STATUS: Record<string, string> = {
  GREAT: '#f8fafc',
  GOOD: '#22c55e',
  BAD: '#f97316',
  POOR: '#b91c1c',
}

/** Named colours as the API may send them, drawn in shades that read well on both themes. */
const BY_NAME: Record<string, string> = {
  white: '#f8fafc',
  green: '#22c55e',
  orange: '#f97316',
  darkred: '#b91c1c',
  red: '#ef4444',
}

const CSS_COLOR = /^(#[0-9a-f]{3,8}|rgba?\(.+\)|hsla?\(.+\)|[a-z]+)$/i

export function statusColor(value: string, color?: string | null): string {
  if (color) {
    const name = color.replace(/[\s_-]/g, '').toLowerCase()
    if (BY_NAME[name]) return BY_NAME[name]
    if (CSS_COLOR.test(color.trim())) return color.trim()
  }
  return BY_STATUS[value.toUpperCase()] ?? '#94a3b8'
}
