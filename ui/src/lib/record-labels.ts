/**
 * The one table of what people read for a record's field names and values: the labels of the list
 * columns and form fields (config.ts), plus the few fields only history and server messages name.
 * History, conflict review and server error messages all read from here, never from copies.
 */
import { ApiError, errorMessage } from '@/data/client'
import { formatBytes, formatDate, formatDateTime, formatMoney } from './format'
import type { Options, Resource } from '@/data/records'

import { RESOURCE_CONFIGS, optionLabel, type FieldDef, type OptionsKey, type ValueKind } from '@/config/records'

interface Described {
  label: string
  kind: ValueKind
  options?: OptionsKey
  personKey?: string
}

/** Fields the forms and lists do not show but a record's history or a server message may name. */
const EXTRA: Partial<Record<Resource, Record<string, Described>>> = {
  documents: {
    pageCount: { label: 'Pages', kind: 'number' },
    size: { label: 'File size', kind: 'bytes' },
    text: { label: 'Extracted text', kind: 'textarea' },
    progress: { label: 'Processing progress', kind: 'text' },
  },
}

/** Storage internals: a person cannot act on them, so history leaves them out. */
const INTERNAL = new Set(['sha256', 'thumbnailKey', 'storageKey', 'fileKey', 'progress', 'searchVector', 'textKey'])

export function isInternalField(key: string): boolean {
  return INTERNAL.has(key)
}

/** "purchaseCost" -> "Purchase cost"; "assetId" -> "Asset" (the server words unknown names the same way). */
export function humanize(key: string): string {
  const last = key.endsWith('Id') && key.length > 2 ? key.slice(0, -2) : key
  const words = last.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/_/g, ' ').trim().toLowerCase()
  return words ? words[0].toUpperCase() + words.slice(1) : key
}

export function describeField(resource: Resource, key: string): Described {
  const config = RESOURCE_CONFIGS[resource]
  const found: Described | undefined = config.fields.find((f) => f.key === key) ?? config.columns.find((c) => c.key === key) ?? EXTRA[resource]?.[key]
  return found ?? { label: humanize(key), kind: 'text' }
}

export function fieldLabel(resource: Resource, key: string): string {
  return describeField(resource, key).label
}

/** A stored value as a person reads it: option labels instead of codes, dates, money, sizes, names. */
export function valueLabel(
  resource: Resource,
  key: string,
  value: unknown,
  options: Options | null,
  /** Names seen on records (peopleAtom): personKey -> id -> display name. */
  people?: Record<string, Record<string, string>>,
): string {
  if (value === null || value === undefined || value === '') return '—'
  const { kind, options: list, personKey } = describeField(resource, key)
  switch (kind) {
    case 'enum':
      return optionLabel(options, list, String(value))
    case 'date':
      return formatDate(String(value))
    case 'datetime':
      return formatDateTime(String(value))
    case 'money':
      return Number.isFinite(Number(value)) ? formatMoney(Number(value)) : String(value)
    case 'percent':
      return `${String(value)} %`
    case 'bytes':
      return formatBytes(Number(value))
    case 'boolean':
      return value ? 'Yes' : 'No'
    case 'person': {
      const name = personKey ? people?.[personKey]?.[String(value)] : undefined
      return name ?? `User #${String(value)}`
    }
    case 'recordRef':
      return `#${String(value)}`
    default: {
      if (typeof value === 'object') return JSON.stringify(value)
      const text = String(value)
      return text.length > 80 ? `${text.slice(0, 77)}…` : text
    }
  }
}

/** Who made a history entry or change: the person, or what the system did on its own. */
export function actorLabel(resource: Resource, actor: { displayName?: string } | null | undefined): string {
  if (actor?.displayName) return actor.displayName
  return resource === 'documents' ? 'Document processing' : 'System'
}

/**
 * A failed save as the form shows it: field errors stay beside their fields (the server's messages
 * already name the field in words); the summary names the fields with the form's own labels.
 */
export function formErrorSummary(error: unknown, fields: FieldDef[], resource: Resource): string {
  if (!(error instanceof ApiError) || Object.keys(error.errors).length === 0) return errorMessage(error)
  const shown = new Set(fields.map((f) => f.key))
  const named = Object.keys(error.errors).filter((k) => shown.has(k))
  const others = Object.entries(error.errors).filter(([k]) => !shown.has(k))
  const parts = []
  if (named.length) parts.push(`Check the highlighted fields: ${named.map((k) => fieldLabel(resource, k)).join(', ')}.`)
  for (const [key, message] of others) parts.push(message.startsWith(fieldLabel(resource, key)) ? message : `${fieldLabel(resource, key)}: ${message}`)
  return parts.join(' ')
}
