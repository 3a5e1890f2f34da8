/** Converting record values to form inputs (strings) and back, and finding what changed. */
import type { AnyRecord } from '@/data/records'

import type { FieldDef } from '@/config/records'

export type FormValues = Record<string, string>

export function toFormValue(field: FieldDef, value: unknown): string {
  if (value === null || value === undefined) return ''
  if (field.kind === 'date') return String(value).slice(0, 10)
  return String(value)
}

export function toFormValues(fields: FieldDef[], record: AnyRecord | null): FormValues {
  const values: FormValues = {}
  for (const field of fields) values[field.key] = record ? toFormValue(field, record[field.key]) : ''
  return values
}

const NUMERIC = new Set(['number', 'money', 'percent', 'person', 'recordRef'])

/**
 * A form input as the API wants it: '' -> null (the server says when a field is required),
 * numbers as numbers (text that is not a number goes as is, so the server's message explains it).
 */
export function fromFormValue(field: FieldDef, text: string): unknown {
  const value = text.trim()
  if (value === '') return field.required && !NUMERIC.has(field.kind) && field.kind !== 'enum' ? '' : null
  if (NUMERIC.has(field.kind)) {
    const n = Number(value)
    return Number.isFinite(n) ? n : value
  }
  return field.kind === 'textarea' ? text : value
}

function same(field: FieldDef, a: unknown, b: unknown): boolean {
  const norm = (v: unknown) => {
    if (v === '' || v === undefined) return null
    if (field.kind === 'date' && typeof v === 'string') return v.slice(0, 10)
    if (NUMERIC.has(field.kind) && v !== null && Number.isFinite(Number(v))) return Number(v)
    return v
  }
  return norm(a) === norm(b)
}

/** The fields whose input differs from the record (only those go in the PATCH). */
export function changedValues(fields: FieldDef[], record: AnyRecord, values: FormValues): Record<string, unknown> {
  const changes: Record<string, unknown> = {}
  for (const field of fields) {
    if (!(field.key in values)) continue
    const next = fromFormValue(field, values[field.key])
    if (!same(field, record[field.key], next)) changes[field.key] = next
  }
  return changes
}

/** The body of a POST: every filled-in field. */
export function createValues(fields: FieldDef[], values: FormValues): Record<string, unknown> {
  const body: Record<string, unknown> = {}
  for (const field of fields) {
    if (field.when && !field.when(values)) continue
    const next = fromFormValue(field, values[field.key] ?? '')
    if (next !== null && next !== '') body[field.key] = next
  }
  return body
}
