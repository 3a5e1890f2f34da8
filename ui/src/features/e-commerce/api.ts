/**
 * E-commerce API (/api/e-commerce-app): products, product, product/save, orders, order.
 * There is no call that removes a product: the pages offer no removal.
 */
import * as limits from '@/api/limits'
import { api } from '@/data/client'

const PREFIX = '/api/e-commerce-app'

export interface ProductImage {
  id: string
  url: string
  type: string
}

export interface Product {
  id: string
  name: string
  handle: string
  description: string
  categories: string[]
  tags: string[]
  featuredImageId: string | null
  images: ProductImage[]
  priceTaxExcl: number
  priceTaxIncl: number
  taxRate: number
  comparedPrice: number
  quantity: number
  sku: string
  width: string
  height: string
  depth: string
  weight: string
  extraShippingFee: number
  active: boolean
}

export interface Place {
  address: string
  lat: number
  lng: number
}

export interface Customer {
  id: number
  firstName: string
  lastName: string
  avatar: string
  company: string
  jobTitle: string
  email: string
  phone: string
  invoiceAddress: Place
  shippingAddress: Place
}

export interface OrderStatus {
  id: number
  name: string
  color: string
  date: string
}

export interface OrderLine {
  id: string
  name: string
  price: string
  quantity: number
  total: string
  image: string
}

export interface Order {
  id: string
  reference: string
  subtotal: string
  tax: string
  discount: string
  total: string
  date: string
  customer: Customer
  products: OrderLine[]
  /** The latest status first. */
  status: OrderStatus[]
  payment: { transactionId: string; amount: string; method: string; date: string }
  shippingDetails: { tracking: string; carrier: string; weight: string; fee: string; date: string }[]
}

export const fetchProducts = (signal?: AbortSignal) => api.get<Product[]>(`${PREFIX}/products`, { signal })

/** The product, or null when there is none with that id (the API answers an empty body). */
export const fetchProduct = (productId: string, signal?: AbortSignal) =>
  api.get<Product | undefined>(`${PREFIX}/product`, { query: { productId }, signal }).then((p) => p ?? null)

/** Replaces the product with the same id, or adds it; answers the saved product. */
export const saveProduct = (product: Product) => api.post<Product>(`${PREFIX}/product/save`, product)

export const fetchOrders = (signal?: AbortSignal) => api.get<Order[]>(`${PREFIX}/orders`, { signal })

export const fetchOrder = (orderId: string, signal?: AbortSignal) =>
  api.get<Order | undefined>(`${PREFIX}/order`, { query: { orderId }, signal }).then((o) => o ?? null)

/** The image types and size the upload takes, and the most images a product holds (from the contract). */
const IMAGE_FILES = limits.acceptedFiles['/api/e-commerce-app/product/image'].post
export const IMAGE_TYPES: readonly string[] = IMAGE_FILES.accept
export const MAX_IMAGE_BYTES = IMAGE_FILES.maxBytes
export const MAX_IMAGES = limits.Product.images.maxItems

/** Why a picked file cannot be uploaded (checked again by the server), or null. */
export function imageProblem(file: File): string | null {
  if (!IMAGE_TYPES.includes(file.type)) return `${file.name} is not a PNG, JPEG, WebP or GIF image.`
  if (file.size > MAX_IMAGE_BYTES) return `${file.name} is larger than ${MAX_IMAGE_BYTES / (1024 * 1024)} MB.`
  return null
}

/** Adds an image to a stored product (the file as the body); answers the product with it. */
export const uploadProductImage = (productId: string, file: File) =>
  api.post<Product>(`${PREFIX}/product/image`, file, { query: { productId }, headers: { 'Content-Type': file.type } })

/** Takes an image off a product (an uploaded one leaves the storage too); answers the product. */
export const removeProductImage = (productId: string, imageId: string) =>
  api.post<Product>(`${PREFIX}/product/image/remove`, { productId, imageId })
