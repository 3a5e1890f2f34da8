/** Prices, amounts and order figures of the e-commerce pages. */

/** Round to the cent (half away from zero), avoiding binary float artefacts (1.005 -> 1.01). */
export function roundCents(value: number): number {
  return Math.sign(value) * Math.round(Math.abs(value) * 100 + 1e-7) / 100
}

/** The tax-included price of a tax-excluded one at `rate` percent. */
export function taxIncluded(excl: number, rate: number): number {
  return roundCents(excl * (1 + rate / 100))
}

/** The tax-excluded price of a tax-included one at `rate` percent. */
export function taxExcluded(incl: number, rate: number): number {
  return roundCents(incl / (1 + rate / 100))
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })

/** An amount (number or the API's text) as money: '190.36' -> '$190.36'. */
export function formatPrice(value: number | string): string {
  const n = typeof value === 'number' ? value : Number.parseFloat(value)
  return Number.isFinite(n) ? usd.format(n) : String(value)
}

/** A discount as a bill shows it: taken off ("-$12.50"), and "$0.00" when there is none (never "-$0.00"). */
export function formatDiscount(value: number | string): string {
  const n = typeof value === 'number' ? value : Number.parseFloat(value)
  if (!Number.isFinite(n)) return String(value)
  return usd.format(n === 0 ? 0 : -n)
}

/** The API's order dates ('2025/07/28 10:47:00') as a Date. */
export function parseOrderDate(value: string): Date | null {
  const m = /^(\d{4})\/(\d{2})\/(\d{2})(?: (\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(value.trim())
  if (!m) return null
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = m
  return new Date(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s))
}

const dateTime = new Intl.DateTimeFormat('en', { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' })
const dateOnly = new Intl.DateTimeFormat('en', { year: 'numeric', month: 'short', day: 'numeric' })

export function formatOrderDate(value: string, withTime = true): string {
  const date = parseOrderDate(value)
  if (!date) return value
  return (withTime ? dateTime : dateOnly).format(date)
}

/** A status colour of the sample data ('blue-500', 'green-800', 'purple-300') as Chakra tokens. */
export function statusColours(color: string): { bg: string; fg: string } {
  const m = /^([a-z]+)-(\d{2,3})$/.exec(color)
  if (!m) return { bg: 'gray.500', fg: 'white' }
  const [, palette, shade] = m
  return { bg: `${palette}.${shade}`, fg: Number(shade) >= 500 ? 'white' : 'gray.900' }
}

/** 'Lago di Braies - Canvas Print' -> 'lago-di-braies-canvas-print'. */
export function toHandle(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}

/** A short random id for a new product (the API adds a product whose id it does not know). */
export function newProductId(): string {
  const bytes = new Uint8Array(6)
  crypto.getRandomValues(bytes)
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}

/** A stable hue (0-359) for a text: generated thumbnails and avatars. */
export function hueOf(text: string): number {
  let hash = 0
  for (const char of text) hash = (hash * 31 + char.charCodeAt(0)) | 0
  return Math.abs(hash) % 360
}

/** 'Lago di Braies - Canvas Print' -> 'LB'. */
export function initials(text: string): string {
  const words = text.split(' - ')[0].split(/[\s-]+/).filter((w) => /^[A-Za-z0-9]/.test(w) && w.length > 2)
  return (words.slice(0, 2).map((w) => w[0].toUpperCase()).join('') || text.slice(0, 2)).toUpperCase()
}
