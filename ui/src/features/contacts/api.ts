/** The contacts sample area's calls (app/samples/contacts.py, /api/contacts-app). */
import { api } from '@/data/client'

const BASE = '/api/contacts-app'

export interface Contact {
  id: string
  name: string
  lastName: string
  avatar: string
  nickname: string
  company: string
  jobTitle: string
  email: string
  phone: string
  address: string
  birthday: string | null
  notes: string
}

export type NewContact = Omit<Contact, 'id'>

export interface ContactsUser {
  id: string
  name: string
  avatar: string
  starred: string[]
  frequentContacts: string[]
  groups: { id: string; name: string; contactIds: string[] }[]
}

export type ContactsView = 'all' | 'frequent' | 'starred'

export const getContacts = (view: ContactsView, signal?: AbortSignal) =>
  api.get<Contact[]>(`${BASE}/contacts`, { query: { id: view }, signal })
export const getUser = (signal?: AbortSignal) => api.get<ContactsUser>(`${BASE}/user`, { signal })

/** Each answers every contact. */
export const addContact = (newContact: NewContact) => api.post<Contact[]>(`${BASE}/add-contact`, { newContact })
export const updateContact = (contact: Contact) => api.post<Contact[]>(`${BASE}/update-contact`, { contact })
export const removeContact = (contactId: string) => api.post<Contact[]>(`${BASE}/remove-contact`, { contactId })
export const removeContacts = (contactIds: string[]) => api.post<Contact[]>(`${BASE}/remove-contacts`, { contactIds })

/** Each answers the user (with its starred list). */
export const toggleStarred = (contactId: string) => api.post<ContactsUser>(`${BASE}/toggle-starred-contact`, { contactId })
export const setStarred = (contactIds: string[]) => api.post<ContactsUser>(`${BASE}/set-contacts-starred`, { contactIds })
export const setUnstarred = (contactIds: string[]) => api.post<ContactsUser>(`${BASE}/set-contacts-unstarred`, { contactIds })
