/** The mail sample area's calls (app/samples/mail.py, /api/mail-app). */
import { api } from '@/data/client'
import { folderListQuery, type FolderListKey } from '@/hooks/use-folder-list'

const BASE = '/api/mail-app'

export interface MailFolder {
  id: number
  handle: string
  title: string
  translate?: string
  icon: string
}

export interface MailFilter {
  id: number
  handle: string
  title: string
  translate?: string
  icon: string
}

export interface MailLabel {
  id: number
  handle: string
  title: string
  color: string
}

export interface MailAttachment {
  type: string
  fileName: string
  preview: string
  url: string
  size: string
}

export interface Mail {
  id: string
  from: { name: string; avatar: string; email: string }
  to: { name: string; email: string }[]
  subject: string
  message: string
  time: string
  read: boolean
  starred: boolean
  important: boolean
  hasAttachments: boolean
  attachments: MailAttachment[]
  labels: number[]
  folder: number
}

/** Which list a page shows: label, then filter, then folder (the API's own precedence). */
export type MailListKey = FolderListKey

export const getFolders = (signal?: AbortSignal) => api.get<MailFolder[]>(`${BASE}/folders`, { signal })
export const getFilters = (signal?: AbortSignal) => api.get<MailFilter[]>(`${BASE}/filters`, { signal })
export const getLabels = (signal?: AbortSignal) => api.get<MailLabel[]>(`${BASE}/labels`, { signal })

export const getMails = (key: MailListKey, signal?: AbortSignal) =>
  api.get<Mail[]>(`${BASE}/mails`, { query: folderListQuery(key), signal })

export const getMail = (mailId: string, signal?: AbortSignal) =>
  api.get<Mail>(`${BASE}/mail`, { query: { mailId }, signal })

/** Replaces the mail with the same id (read, starred, important, labels, folder). */
export const updateMail = (mail: Mail) => api.post<Mail>(`${BASE}/update-mail`, mail)

export const setFolder = (selectedMailIds: string[], folderId: number) =>
  api.post<void>(`${BASE}/set-folder`, { selectedMailIds, folderId })

export const toggleLabel = (selectedMailIds: string[], labelId: number) =>
  api.post<void>(`${BASE}/toggle-label`, { selectedMailIds, labelId })

/** Removes the mails for good. */
export const deleteMails = (selectedMailIds: string[]) => api.post<void>(`${BASE}/delete-mails`, { selectedMailIds })

export interface OutgoingMail {
  to: string[]
  cc: string[]
  bcc: string[]
  subject: string
  /** Plain text: the server turns it into the mail's HTML. */
  message: string
}

/**
 * Sends a mail: the answer is the sender's copy, filed in Sent. Recipients who are portal users
 * (matched by email) find a copy in their inbox; other addresses are not mailed (the portal sends
 * nothing outside).
 */
export const sendMail = (mail: OutgoingMail) => api.post<Mail>(`${BASE}/send`, mail)
