/** The product form: values as typed, the price rules, validation, and the product to save. */
import type { Product } from './api'
import { taxExcluded, taxIncluded, toHandle } from './pricing'

export interface ProductFormValues {
  name: string
  handle: string
  description: string
  categories: string[]
  tags: string[]
  featuredImageId: string | null
  priceTaxExcl: string
  priceTaxIncl: string
  taxRate: string
  comparedPrice: string
  quantity: string
  sku: string
  width: string
  height: string
  depth: string
  weight: string
  extraShippingFee: string
  active: boolean
}

export type ProductFormErrors = Partial<Record<keyof ProductFormValues, string>>

export function toFormValues(p: Product): ProductFormValues {
  return {
    name: p.name,
    handle: p.handle,
    description: p.description,
    categories: [...p.categories],
    tags: [...p.tags],
    featuredImageId: p.featuredImageId,
    priceTaxExcl: String(p.priceTaxExcl),
    priceTaxIncl: String(p.priceTaxIncl),
    taxRate: String(p.taxRate),
    comparedPrice: String(p.comparedPrice),
    quantity: String(p.quantity),
    sku: p.sku,
    width: p.width,
    height: p.height,
    depth: p.depth,
    weight: p.weight,
    extraShippingFee: String(p.extraShippingFee),
    active: p.active,
  }
}

/** A product that does not exist yet (the page at /products/new). */
export function blankProduct(id: string): Product {
  return {
    id,
    name: '',
    handle: '',
    description: '',
    categories: [],
    tags: [],
    featuredImageId: null,
    images: [],
    priceTaxExcl: 0,
    priceTaxIncl: 0,
    taxRate: 0,
    comparedPrice: 0,
    quantity: 0,
    sku: '',
    width: '',
    height: '',
    depth: '',
    weight: '',
    extraShippingFee: 0,
    active: false,
  }
}

const num = (text: string): number | null => {
  if (text.trim() === '') return null
  const n = Number(text)
  return Number.isFinite(n) ? n : null
}

const priceText = (n: number) => String(Math.round(n * 100) / 100)

/**
 * Changes one price field; the tax-included price follows the tax-excluded price and the tax
 * rate, and typing a tax-included price works the tax-excluded one out backwards.
 */
export function changePrice(values: ProductFormValues, field: 'priceTaxExcl' | 'priceTaxIncl' | 'taxRate', text: string): ProductFormValues {
  const next = { ...values, [field]: text }
  const rate = num(next.taxRate)
  if (rate === null || rate < 0) return next
  if (field === 'priceTaxIncl') {
    const incl = num(text)
    if (incl !== null && incl >= 0) next.priceTaxExcl = priceText(taxExcluded(incl, rate))
  } else {
    const excl = num(next.priceTaxExcl)
    if (excl !== null && excl >= 0) next.priceTaxIncl = priceText(taxIncluded(excl, rate))
  }
  return next
}

export function validate(values: ProductFormValues): ProductFormErrors {
  const errors: ProductFormErrors = {}
  if (!values.name.trim()) errors.name = 'Enter the product name.'
  for (const field of ['priceTaxExcl', 'priceTaxIncl', 'taxRate', 'comparedPrice', 'extraShippingFee'] as const) {
    const n = num(values[field])
    if (values[field].trim() !== '' && (n === null || n < 0)) errors[field] = 'Enter an amount of 0 or more.'
  }
  const rate = num(values.taxRate)
  if (rate !== null && rate > 100) errors.taxRate = 'Enter a rate between 0 and 100.'
  const quantity = num(values.quantity)
  if (values.quantity.trim() !== '' && (quantity === null || quantity < 0 || !Number.isInteger(quantity))) errors.quantity = 'Enter a whole number of 0 or more.'
  return errors
}

/** The product to save: the stored product with the form's values over it. */
export function toProduct(base: Product, values: ProductFormValues): Product {
  const amount = (text: string) => num(text) ?? 0
  return {
    ...base,
    name: values.name.trim(),
    handle: values.handle.trim() || toHandle(values.name),
    description: values.description,
    categories: values.categories,
    tags: values.tags,
    featuredImageId: values.featuredImageId,
    priceTaxExcl: amount(values.priceTaxExcl),
    priceTaxIncl: amount(values.priceTaxIncl),
    taxRate: amount(values.taxRate),
    comparedPrice: amount(values.comparedPrice),
    quantity: Math.trunc(amount(values.quantity)),
    sku: values.sku.trim(),
    width: values.width.trim(),
    height: values.height.trim(),
    depth: values.depth.trim(),
    weight: values.weight.trim(),
    extraShippingFee: amount(values.extraShippingFee),
    active: values.active,
  }
}

export function isDirty(a: ProductFormValues, b: ProductFormValues): boolean {
  return JSON.stringify(a) !== JSON.stringify(b)
}
