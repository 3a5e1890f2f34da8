/** Pure rules of the contacts page (unit-tested). */
import type { Contact, ContactsView, NewContact } from './api'

export const VIEWS: { value: ContactsView; title: string }[] = [
  { value: 'all', title: 'All contacts' },
  { value: 'frequent', title: 'Frequently contacted' },
  { value: 'starred', title: 'Starred contacts' },
]

export function viewFromParam(value: string | undefined): ContactsView {
  return value === 'frequent' || value === 'starred' ? value : 'all'
}

export type SortKey = 'name' | 'company' | 'jobTitle' | 'email' | 'phone'

export const fullName = (c: Pick<Contact, 'name' | 'lastName'>) => `${c.name} ${c.lastName}`.trim()

export function searchContacts(contacts: readonly Contact[], query: string): Contact[] {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean)
  if (!words.length) return [...contacts]
  return contacts.filter((c) => {
    const text = [c.name, c.lastName, c.nickname, c.company, c.jobTitle, c.email, c.phone].join(' ').toLowerCase()
    return words.every((w) => text.includes(w))
  })
}

/** The columns with a text filter (Fuse's table has one under each heading), and their URL parameter. */
export const FILTER_COLUMNS: { key: SortKey; label: string }[] = [
  { key: 'name', label: 'Name' },
  { key: 'email', label: 'Email' },
  { key: 'company', label: 'Company' },
  { key: 'jobTitle', label: 'Job title' },
  { key: 'phone', label: 'Phone' },
]

export type ColumnFilters = Partial<Record<SortKey, string>>

export function filtersFromParams(params: URLSearchParams): ColumnFilters {
  const filters: ColumnFilters = {}
  for (const { key } of FILTER_COLUMNS) {
    const value = params.get(key)
    if (value) filters[key] = value
  }
  return filters
}

/** Keep the contacts whose every filtered column contains its filter (case-insensitive); the name column also matches the nickname. */
export function filterContacts(contacts: readonly Contact[], filters: ColumnFilters): Contact[] {
  const active = FILTER_COLUMNS.map(({ key }) => [key, (filters[key] ?? '').trim().toLowerCase()] as const).filter(([, v]) => v)
  if (!active.length) return [...contacts]
  return contacts.filter((c) =>
    active.every(([key, value]) => {
      const text = key === 'name' ? `${fullName(c)} ${c.nickname}` : (c[key] ?? '')
      return text.toLowerCase().includes(value)
    }),
  )
}

export function sortContacts(contacts: readonly Contact[], key: SortKey, descending: boolean): Contact[] {
  const value = (c: Contact) => (key === 'name' ? fullName(c) : c[key] ?? '')
  const dir = descending ? -1 : 1
  return [...contacts].sort((a, b) => {
    const x = value(a)
    const y = value(b)
    if (!x && y) return 1
    if (x && !y) return -1
    return dir * x.localeCompare(y, 'en', { sensitivity: 'base' })
  })
}

export function pageOf<T>(items: readonly T[], page: number, perPage: number): { items: T[]; page: number; pages: number } {
  const pages = Math.max(1, Math.ceil(items.length / perPage))
  const current = Math.min(Math.max(1, page), pages)
  return { items: items.slice((current - 1) * perPage, current * perPage), page: current, pages }
}

export function blankContact(): NewContact {
  return { name: '', lastName: '', avatar: '', nickname: '', company: '', jobTitle: '', email: '', phone: '', address: '', birthday: null, notes: '' }
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export function validateContact(c: NewContact): Partial<Record<keyof NewContact, string>> {
  const errors: Partial<Record<keyof NewContact, string>> = {}
  if (!c.name.trim()) errors.name = 'Enter a first name.'
  if (c.email.trim() && !EMAIL.test(c.email.trim())) errors.email = 'Enter an email address like name@example.com.'
  if (c.phone.trim() && !/^[+()\d\s.-]{5,}$/.test(c.phone.trim())) errors.phone = 'Use digits, spaces, +, -, ( and ).'
  if (c.birthday && Number.isNaN(Date.parse(c.birthday))) errors.birthday = 'Enter a valid date.'
  return errors
}

/** Trim the text fields; an empty birthday is null. */
export function cleanContact<T extends NewContact>(c: T): T {
  const out = { ...c }
  for (const key of ['name', 'lastName', 'nickname', 'company', 'jobTitle', 'email', 'phone', 'address'] as const) out[key] = c[key].trim()
  out.birthday = c.birthday ? c.birthday : null
  return out
}

/** Sample avatars ('assets/images/...') name files this portal does not ship: only real URLs show. */
export function mediaUrl(src: string | null | undefined): string | null {
  if (!src) return null
  return /^(https?:|data:image\/|blob:|\/)/.test(src) ? src : null
}

const PALETTES = ['teal', 'blue', 'purple', 'pink', 'orange', 'green', 'cyan', 'red', 'yellow'] as const
export function avatarPalette(name: string): (typeof PALETTES)[number] {
  let hash = 0
  for (const ch of name) hash = (hash * 31 + ch.charCodeAt(0)) | 0
  return PALETTES[Math.abs(hash) % PALETTES.length]
}

const birthdayFormat = new Intl.DateTimeFormat('en', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' })
export function formatBirthday(value: string | null): string {
  if (!value) return ''
  const d = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value)
  return Number.isNaN(d.getTime()) ? value : birthdayFormat.format(d)
}

/** A picked photo as a small square-ish JPEG data URL (avatars are shown at most 96 px). */
export function photoToDataUrl(file: File, max = 256): Promise<string> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file)
    const img = new Image()
    img.onload = () => {
      const scale = Math.min(1, max / Math.max(img.width, img.height))
      const canvas = document.createElement('canvas')
      canvas.width = Math.round(img.width * scale)
      canvas.height = Math.round(img.height * scale)
      canvas.getContext('2d')?.drawImage(img, 0, 0, canvas.width, canvas.height)
      URL.revokeObjectURL(url)
      resolve(canvas.toDataURL('image/jpeg', 0.85))
    }
    img.onerror = () => {
      URL.revokeObjectURL(url)
      reject(new Error('That file is not an image this browser can read.'))
    }
    img.src = url
  })
}
