/** Small pure helpers of the record pages' text: totals beyond the count, snippets and text parts. */
import { formatNumber } from '@/lib/format'
import type { TextPart } from '@/data/records'

/** "10,000" or, when the server counted only that far, "10,000+". */
export function totalText(total: number, exact: boolean | undefined): string {
  return exact === false ? `${formatNumber(total)}+` : formatNumber(total)
}

/** Reads a snippet from an answer defensively: null unless it is a list of {text, match}. */
export function toParts(value: unknown): TextPart[] | null {
  if (!Array.isArray(value)) return null
  const parts = value.filter(
    (p): p is TextPart => typeof p === 'object' && p !== null && typeof (p as TextPart).text === 'string',
  )
  return parts.length ? parts.map((p) => ({ text: p.text, match: p.match === true })) : null
}

/** For each part, its number among the matches (-1 for plain text). */
export function matchNumbers(parts: TextPart[]): number[] {
  let seen = -1
  return parts.map((part) => (part.match ? ++seen : -1))
}
