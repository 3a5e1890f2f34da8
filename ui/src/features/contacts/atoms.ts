import { atom } from 'jotai'

import type { Contact, ContactsUser } from './api'
import type { SortKey } from './contacts-utils'

export const contactsListAtom = atom<{ view: string; contacts: Contact[] } | null>(null)
export const contactsUserAtom = atom<ContactsUser | null>(null)
export const contactsSearchAtom = atom('')
export const contactsSortAtom = atom<{ key: SortKey; descending: boolean }>({ key: 'name', descending: false })
export const contactsPageAtom = atom<{ page: number; perPage: number }>({ page: 1, perPage: 10 })
export const selectedContactIdsAtom = atom<string[]>([])
export const contactsSidebarOpenAtom = atom(false)
/** The contact dialog: closed, a new contact, or the contact being edited. */
export const contactDialogAtom = atom<{ mode: 'new' } | { mode: 'edit'; contact: Contact } | null>(null)
