/** Invoice API: GET /api/invoices/get-invoice?id= answers the invoice (an empty body when there is none). */
import { api } from '@/data/client'

/** The sample invoice the pages open when no id is given. */
export const SAMPLE_INVOICE_ID = '5725a6802d10e277a0f35724'

export interface Party {
  title: string
  address: string
  phone: string
  email: string
  website?: string
}

export interface ServiceLine {
  id: string
  title: string
  detail: string
  unit: string
  /** Amounts are text in the API ('75.00'). */
  unitPrice: string
  quantity: string
  total: string
}

export interface Invoice {
  id: string
  number: string
  date: string
  dueDate: string
  from: Party
  client: Party
  services: ServiceLine[]
  subtotal: string
  tax: string
  discount: string
  total: string
}

export const fetchInvoice = (id: string, signal?: AbortSignal) =>
  api.get<Invoice | undefined>('/api/invoices/get-invoice', { query: { id }, signal }).then((i) => i ?? null)

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })
const quantity = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 })

/** '9000' -> '$9,000.00'. */
export function formatMoney(text: string): string {
  const n = Number.parseFloat(text)
  return Number.isFinite(n) ? money.format(n) : text
}

export function formatQuantity(text: string): string {
  const n = Number.parseFloat(text)
  return Number.isFinite(n) ? quantity.format(n) : text
}

/** 'Hour' with 25 -> 'Hours'. */
export function unitLabel(unit: string, count: string): string {
  return Number.parseFloat(count) === 1 || !unit ? unit : `${unit}s`
}

/** The tax as a percentage of the subtotal ('8%'), when both are numbers. */
export function taxRate(invoice: Pick<Invoice, 'subtotal' | 'tax'>): string | null {
  const subtotal = Number.parseFloat(invoice.subtotal)
  const tax = Number.parseFloat(invoice.tax)
  if (!Number.isFinite(subtotal) || !Number.isFinite(tax) || subtotal === 0) return null
  return `${Math.round((tax / subtotal) * 1000) / 10}%`
}
