import { describe, expect, it } from 'vitest'

import type { Mail } from './api'
import {
  formatMailTime,
  htmlToText,
  listKeyFromParams,
  listPath,
  mailPath,
  mediaUrl,
  parseAddresses,
  searchMails,
  selectIds,
  outgoingMail,
  validateCompose,
} from './mail-utils'

const mail = (id: string, extra: Partial<Mail> = {}): Mail => ({
  id,
  from: { name: 'Garry Newman', avatar: '', email: 'garry@voltline.example' },
  to: [{ name: 'me', email: 'staff@portal.example' }],
  subject: `Subject ${id}`,
  message: '<p>Hello <b>team</b>,</p><p>The pump &amp; valve</p>',
  time: '2026-11-20T17:30:00Z',
  read: true,
  starred: false,
  important: false,
  hasAttachments: false,
  attachments: [],
  labels: [],
  folder: 0,
  ...extra,
})

describe('mail rules', () => {
  it('reads the list from the route: label, then filter, then folder, inbox by default', () => {
    expect(listKeyFromParams({})).toEqual({ kind: 'folder', handle: 'inbox' })
    expect(listKeyFromParams({ folderHandle: 'spam' })).toEqual({ kind: 'folder', handle: 'spam' })
    expect(listKeyFromParams({ filterHandle: 'starred', folderHandle: 'x' })).toEqual({ kind: 'filter', handle: 'starred' })
    expect(listKeyFromParams({ labelHandle: 'note', filterHandle: 'starred' })).toEqual({ kind: 'label', handle: 'note' })
  })

  it('builds list and mail paths', () => {
    expect(listPath({ kind: 'folder', handle: 'sent' })).toBe('/apps/mail/sent')
    expect(listPath({ kind: 'label', handle: 'invoice' })).toBe('/apps/mail/label/invoice')
    expect(mailPath({ kind: 'filter', handle: 'important' }, 'abc')).toBe('/apps/mail/filter/important/abc')
  })

  it('selects by flag', () => {
    const mails = [mail('a', { read: false, starred: true }), mail('b', { important: true }), mail('c')]
    expect(selectIds(mails, 'all')).toEqual(['a', 'b', 'c'])
    expect(selectIds(mails, 'none')).toEqual([])
    expect(selectIds(mails, 'unread')).toEqual(['a'])
    expect(selectIds(mails, 'read')).toEqual(['b', 'c'])
    expect(selectIds(mails, 'starred')).toEqual(['a'])
    expect(selectIds(mails, 'important')).toEqual(['b'])
  })

  it('turns HTML into an excerpt and searches every word', () => {
    expect(htmlToText('<p>Hello <b>team</b>,</p><p>The pump &amp; valve</p>')).toBe('Hello team, The pump & valve')
    const mails = [mail('a', { subject: 'Quote for panel B' }), mail('b', { from: { name: 'Alice', avatar: '', email: 'a@x.example' } })]
    expect(searchMails(mails, 'panel quote').map((m) => m.id)).toEqual(['a'])
    expect(searchMails(mails, 'alice').map((m) => m.id)).toEqual(['b'])
    expect(searchMails(mails, 'valve').map((m) => m.id)).toEqual(['a', 'b'])
    expect(searchMails(mails, '  ')).toHaveLength(2)
  })

  it('shows the time today, the day this year, the year before', () => {
    const now = new Date('2026-11-20T20:00:00')
    expect(formatMailTime(new Date('2026-11-20T09:05:00').toISOString(), now)).toMatch(/9:05/)
    expect(formatMailTime(new Date('2026-03-02T09:05:00').toISOString(), now)).toBe('Mar 2')
    expect(formatMailTime(new Date('2025-03-02T09:05:00').toISOString(), now)).toBe('Mar 2, 2025')
  })

  it('checks the compose fields', () => {
    expect(validateCompose({ to: '', cc: '', bcc: '', subject: '', message: '' })).toEqual({
      to: 'Add at least one recipient.',
      subject: 'Add a subject.',
      message: 'Write a message.',
    })
    expect(validateCompose({ to: 'a@x.io, Bob <b@y.org>', cc: 'nope', bcc: '', subject: 'Hi', message: 'Text' })).toEqual({
      cc: 'Not an email address: nope',
    })
    expect(parseAddresses('a@x.io; bad, Bob <b@y.org>')).toEqual({ valid: ['a@x.io', 'b@y.org'], invalid: ['bad'] })
    const many = Array.from({ length: 51 }, (_, i) => `p${i}@x.io`).join(', ')
    expect(validateCompose({ to: many, cc: '', bcc: '', subject: 's'.repeat(201), message: 'm'.repeat(10_001) })).toEqual({
      to: 'Send to at most 50 addresses.',
      subject: 'At most 200 characters.',
      message: 'At most 10,000 characters.',
    })
  })

  it('turns the compose fields into the send call', () => {
    expect(outgoingMail({ to: 'a@x.io, Bob <b@y.org>', cc: '', bcc: 'c@z.io', subject: ' Hi ', message: ' Text\n' })).toEqual({
      to: ['a@x.io', 'b@y.org'],
      cc: [],
      bcc: ['c@z.io'],
      subject: 'Hi',
      message: 'Text',
    })
  })

  it('loads only real media addresses (the sample paths name files that are not shipped)', () => {
    expect(mediaUrl('assets/images/avatars/garry.jpg')).toBeNull()
    expect(mediaUrl('https://example.com/a.png')).toBe('https://example.com/a.png')
    expect(mediaUrl('')).toBeNull()
  })
})
