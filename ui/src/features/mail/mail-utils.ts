/** Pure rules of the mail pages (unit-tested): lists, selection, search, paths, compose checks. */
import * as limits from '@/api/limits'
import { folderListKey } from '@/hooks/use-folder-list'

import type { Mail, MailListKey, OutgoingMail } from './api'
import { avatarPalette, mediaUrl } from '../../lib/picture'

export const DEFAULT_FOLDER = 'inbox'
export const TRASH_FOLDER_HANDLE = 'trash'

/** The list a route names (label, then filter, then folder; inbox when nothing is named). */
export const listKeyFromParams = (params: { folderHandle?: string; labelHandle?: string; filterHandle?: string }): MailListKey => folderListKey(params, DEFAULT_FOLDER)

export function listPath(key: MailListKey): string {
  if (key.kind === 'label') return `/apps/mail/label/${key.handle}`
  if (key.kind === 'filter') return `/apps/mail/filter/${key.handle}`
  return `/apps/mail/${key.handle}`
}

export function mailPath(key: MailListKey, mailId: string): string {
  return `${listPath(key)}/${encodeURIComponent(mailId)}`
}

export type SelectMode = 'all' | 'none' | 'read' | 'unread' | 'starred' | 'unstarred' | 'important' | 'unimportant'

export const SELECT_MODES: { mode: SelectMode; title: string }[] = [
  { mode: 'all', title: 'All' },
  { mode: 'none', title: 'None' },
  { mode: 'read', title: 'Read' },
  { mode: 'unread', title: 'Unread' },
  { mode: 'starred', title: 'Starred' },
  { mode: 'unstarred', title: 'Unstarred' },
  { mode: 'important', title: 'Important' },
  { mode: 'unimportant', title: 'Unimportant' },
]

export function selectIds(mails: readonly Mail[], mode: SelectMode): string[] {
  const pick: Record<SelectMode, (m: Mail) => boolean> = {
    all: () => true,
    none: () => false,
    read: (m) => m.read,
    unread: (m) => !m.read,
    starred: (m) => m.starred,
    unstarred: (m) => !m.starred,
    important: (m) => m.important,
    unimportant: (m) => !m.important,
  }
  return mails.filter(pick[mode]).map((m) => m.id)
}

/** The text of an HTML fragment (no markup), for excerpts and search. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(br|\/p|\/div|\/li|\/h\d)[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim()
}

/** Mails whose subject, sender, recipients or text hold every word of the query. */
export function searchMails(mails: readonly Mail[], query: string): Mail[] {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean)
  if (words.length === 0) return [...mails]
  return mails.filter((m) => {
    const haystack = [m.subject, m.from.name, m.from.email, ...m.to.map((t) => `${t.name} ${t.email}`), htmlToText(m.message)]
      .join(' ')
      .toLowerCase()
    return words.every((w) => haystack.includes(w))
  })
}

const timeOnly = new Intl.DateTimeFormat('en', { hour: 'numeric', minute: '2-digit' })
const monthDay = new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric' })
const fullDay = new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric', year: 'numeric' })
const long = new Intl.DateTimeFormat('en', { weekday: 'short', month: 'long', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' })

/** In a list: the time today, the day this year, the full date before. */
export function formatMailTime(iso: string, now = new Date()): string {
  const at = new Date(iso)
  if (Number.isNaN(at.getTime())) return iso
  if (at.toDateString() === now.toDateString()) return timeOnly.format(at)
  if (at.getFullYear() === now.getFullYear()) return monthDay.format(at)
  return fullDay.format(at)
}

export function formatMailDate(iso: string): string {
  const at = new Date(iso)
  return Number.isNaN(at.getTime()) ? iso : long.format(at)
}

const EMAIL = /^[^\s@<>(),;:]+@[^\s@<>(),;:]+\.[^\s@<>(),;:]+$/

/** "a@x.com, Bob <b@y.org>" -> addresses; the invalid parts are returned apart. */
export function parseAddresses(value: string): { valid: string[]; invalid: string[] } {
  const valid: string[] = []
  const invalid: string[] = []
  for (const part of value.split(/[,;]/).map((p) => p.trim()).filter(Boolean)) {
    const inner = /<([^>]+)>\s*$/.exec(part)?.[1]?.trim() ?? part
    if (EMAIL.test(inner)) valid.push(inner)
    else invalid.push(part)
  }
  return { valid, invalid }
}

/** The send call's bounds: subject and message from the contract; the recipients (to, cc and bcc together) app/samples/mail.py. */
export const MAX_RECIPIENTS = 50
export const MAX_SUBJECT = limits.Outgoing.subject.maxLength
export const MAX_MESSAGE = limits.Outgoing.message.maxLength

export interface ComposeFields {
  to: string
  cc: string
  bcc: string
  subject: string
  message: string
}

export function validateCompose(fields: ComposeFields): Partial<Record<keyof ComposeFields, string>> {
  const errors: Partial<Record<keyof ComposeFields, string>> = {}
  const to = parseAddresses(fields.to)
  if (to.valid.length === 0 && to.invalid.length === 0) errors.to = 'Add at least one recipient.'
  else if (to.invalid.length) errors.to = `Not an email address: ${to.invalid.join(', ')}`
  for (const field of ['cc', 'bcc'] as const) {
    const parsed = parseAddresses(fields[field])
    if (parsed.invalid.length) errors[field] = `Not an email address: ${parsed.invalid.join(', ')}`
  }
  const count = new Set(['to', 'cc', 'bcc'].flatMap((f) => parseAddresses(fields[f as 'to']).valid.map((a) => a.toLowerCase()))).size
  if (!errors.to && count > MAX_RECIPIENTS) errors.to = `Send to at most ${MAX_RECIPIENTS} addresses.`
  if (!fields.subject.trim()) errors.subject = 'Add a subject.'
  else if (fields.subject.trim().length > MAX_SUBJECT) errors.subject = `At most ${MAX_SUBJECT} characters.`
  if (!fields.message.trim()) errors.message = 'Write a message.'
  else if (fields.message.trim().length > MAX_MESSAGE) errors.message = `At most ${MAX_MESSAGE.toLocaleString('en')} characters.`
  return errors
}

export { avatarPalette, mediaUrl }

/** The compose form's fields as the send call takes them (addresses split, "Name <a@b>" reduced to a@b). */
export function outgoingMail(fields: ComposeFields): OutgoingMail {
  return {
    to: parseAddresses(fields.to).valid,
    cc: parseAddresses(fields.cc).valid,
    bcc: parseAddresses(fields.bcc).valid,
    subject: fields.subject.trim(),
    message: fields.message.trim(),
  }
}

export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean)
  if (parts.length === 0) return '?'
  return (parts[0][0] + (parts.length > 1 ? parts[parts.length - 1][0] : '')).toUpperCase()
}

