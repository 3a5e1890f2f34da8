import { atom } from 'jotai'

import type { FolderListState } from '@/hooks/use-folder-list'

import type { Mail, MailFilter, MailFolder, MailLabel } from './api'

/** Folders, filters and labels of the mail area (loaded once, null until then). */
export const mailFoldersAtom = atom<MailFolder[] | null>(null)
export const mailFiltersAtom = atom<MailFilter[] | null>(null)
export const mailLabelsAtom = atom<MailLabel[] | null>(null)

/** The list on screen, tagged with the list it answers (e.g. 'folder:inbox'). */
export const mailListAtom = atom<FolderListState<Mail>>(null)

/** The open mail. */
export const openMailAtom = atom<Mail | null>(null)

export const selectedMailIdsAtom = atom<string[]>([])
export const mailSearchAtom = atom('')
export const mailSidebarOpenAtom = atom(false)
export const composeOpenAtom = atom(false)

/** Replace one mail wherever it is shown (the list and the open mail). */
export const replaceMailAtom = atom(null, (get, set, mail: Mail) => {
  const list = get(mailListAtom)
  if (list) set(mailListAtom, { ...list, items: list.items.map((m) => (m.id === mail.id ? mail : m)) })
  if (get(openMailAtom)?.id === mail.id) set(openMailAtom, mail)
})
