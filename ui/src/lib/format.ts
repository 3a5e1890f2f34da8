/** Display formats (English only). */
const number = new Intl.NumberFormat('en')
const money = new Intl.NumberFormat('en', { minimumFractionDigits: 0, maximumFractionDigits: 2 })
const day = new Intl.DateTimeFormat('en', { year: 'numeric', month: 'short', day: 'numeric' })
const dayUtc = new Intl.DateTimeFormat('en', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' })
const dateTime = new Intl.DateTimeFormat('en', { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' })

export const formatNumber = (value: number) => number.format(value)
export const formatMoney = (value: number) => money.format(value)

/** 1 234 -> "1.2k", 1 200 000 -> "1.2M" (chart labels). */
export function formatK(value: number): string {
  const abs = Math.abs(value)
  if (abs >= 1_000_000) return `${(value / 1_000_000).toFixed(abs >= 10_000_000 ? 0 : 1).replace(/\.0$/, '')}M`
  if (abs >= 1000) return `${(value / 1000).toFixed(abs >= 100_000 ? 0 : 1).replace(/\.0$/, '')}k`
  return String(Math.round(value))
}

/** A date-only value ('2026-11-22') shown as the calendar date it names. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return ''
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`) : new Date(value)
  if (Number.isNaN(date.getTime())) return value
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? dayUtc.format(date) : day.format(date)
}

export function formatDateTime(value: string | null | undefined): string {
  if (!value) return ''
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? value : dateTime.format(date)
}

export function formatBytes(value: number | null | undefined): string {
  if (value === null || value === undefined) return ''
  if (value < 1024) return `${value} B`
  if (value < 1024 * 1024) return `${(value / 1024).toFixed(1)} KB`
  return `${(value / 1024 / 1024).toFixed(1)} MB`
}

/** "3 min ago", "2 h ago", "yesterday", or the date. */
export function formatRelative(value: string | number, now = Date.now()): string {
  const at = typeof value === 'number' ? value : new Date(value).getTime()
  if (Number.isNaN(at)) return ''
  const seconds = Math.round((now - at) / 1000)
  if (seconds < 45) return 'just now'
  const minutes = Math.round(seconds / 60)
  if (minutes < 60) return `${minutes} min ago`
  const hours = Math.round(minutes / 60)
  if (hours < 24) return `${hours} h ago`
  const days = Math.round(hours / 24)
  if (days === 1) return 'yesterday'
  if (days < 7) return `${days} days ago`
  return day.format(new Date(at))
}

/** Today as 'YYYY-MM-DD' in the user's time zone. */
export function todayIso(now = new Date()): string {
  const y = now.getFullYear()
  const m = String(now.getMonth() + 1).padStart(2, '0')
  const d = String(now.getDate()).padStart(2, '0')
  return `${y}-${m}-${d}`
}

/** Whole days from today to a 'YYYY-MM-DD' date (negative = past). */
export function daysUntil(date: string, now = new Date()): number {
  const [y, m, d] = date.slice(0, 10).split('-').map(Number)
  const target = Date.UTC(y, m - 1, d)
  const today = Date.UTC(now.getFullYear(), now.getMonth(), now.getDate())
  return Math.round((target - today) / 86_400_000)
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']

/** 1 -> '1st', 2 -> '2nd', 11 -> '11th', 22 -> '22nd'. */
export function ordinal(n: number): string {
  const tens = n % 100
  if (tens >= 11 && tens <= 13) return `${n}th`
  switch (n % 10) {
    case 1:
      return `${n}st`
    case 2:
      return `${n}nd`
    case 3:
      return `${n}rd`
    default:
      return `${n}th`
  }
}

/**
 * A chat message time in the spec's 'MMMM Do YYYY, h:mm:ss a' (local time), e.g.
 * 'November 22nd 2026, 4:05:09 pm'. Empty for an unreadable value.
 */
export function formatMessageTime(value: string | number | Date): string {
  const date = value instanceof Date ? value : new Date(value)
  if (Number.isNaN(date.getTime())) return ''
  const hours = date.getHours()
  const h = hours % 12 === 0 ? 12 : hours % 12
  const mm = String(date.getMinutes()).padStart(2, '0')
  const ss = String(date.getSeconds()).padStart(2, '0')
  return `${MONTHS[date.getMonth()]} ${ordinal(date.getDate())} ${date.getFullYear()}, ${h}:${mm}:${ss} ${hours < 12 ? 'am' : 'pm'}`
}
