import { describe, expect, it, vi } from 'vitest'

import { checkFileName, limitOf, retryChoice, uploadDocuments, uploadForm } from './documents'
import { saveSession } from '@/lib/session'

import { FakeXhr } from '@/testing/fake-xhr'

const session = (token: string) => ({
  accessToken: token,
  idToken: 'i',
  refreshToken: 'r',
  tokenType: 'Bearer',
  issuedAt: '2026-01-01T00:00:00Z',
  expiresIn: 3600,
  refreshExpiresIn: 86400,
})

describe('upload form', () => {
  it('sends the fields, one title per file or one for all, and the files', () => {
    const a = new File(['a'], 'a.pdf')
    const b = new File(['b'], 'b.txt')
    const form = uploadForm([a, b], { department: 'Hardware', assetId: 5, leadId: null, notes: ' n ' }, ['A', ''])
    expect(form.getAll('title')).toEqual(['A', ''])
    expect(form.get('department')).toBe('Hardware')
    expect(form.get('assetId')).toBe('5')
    expect(form.has('leadId')).toBe(false)
    expect(form.get('notes')).toBe('n')
    expect(form.getAll('file').map((f) => (f as File).name)).toEqual(['a.pdf', 'b.txt'])
    expect(uploadForm([a], { department: 'Hardware', title: 'One' }).getAll('title')).toEqual(['One'])
    expect(uploadForm([a], { department: 'Hardware' }).has('title')).toBe(false)
  })

  it('checks names against the kinds the server keeps', () => {
    expect(checkFileName('Report.PDF')).toBeNull()
    expect(checkFileName('notes.md')).toBeNull()
    expect(checkFileName('setup.exe')).toMatch(/not a kind of file the portal keeps/)
    expect(checkFileName('README')).not.toBeNull()
  })
})

describe('uploadDocuments', () => {
  it('sends the form through the API client and answers the created records', async () => {
    saveSession(session('tok'), true)
    FakeXhr.sent = []
    const done = uploadDocuments([new File(['%PDF'], 'a.pdf')], { department: 'Hardware' }, { xhr: FakeXhr.factory })
    await vi.waitFor(() => expect(FakeXhr.sent).toHaveLength(1))
    expect(FakeXhr.sent[0].url).toMatch(/\/documents\/upload$/)
    expect(FakeXhr.sent[0].body?.get('department')).toBe('Hardware')
    FakeXhr.sent[0].respond(201, { items: [{ id: 4, state: 'queued' }] })
    await expect(done).resolves.toEqual([{ id: 4, state: 'queued' }])
  })
})

const failed = (progress: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  state: 'failed',
  hasFile: true,
  uploadedBy: { id: 7 },
  progress: { stage: 'failed', ...progress },
  ...extra,
})

describe('limitOf', () => {
  it('reads the limit a failed document went over', () => {
    expect(limitOf(failed({ limit: 'memory' }))).toBe('memory')
    expect(limitOf(failed({}))).toBeNull()
    expect(limitOf({ state: 'queued', progress: { limit: 'memory' } })).toBeNull() // an earlier run's progress
    expect(limitOf({ state: 'failed', progress: null })).toBeNull()
  })
})

describe('retryChoice', () => {
  it('offers a plain retry to the uploader and managers of a document that simply failed', () => {
    expect(retryChoice(failed({}), 'technician', '7')).toBe('retry')
    expect(retryChoice(failed({}), 'manager', '1')).toBe('retry')
    expect(retryChoice(failed({}), 'technician', '8')).toBe('none') // someone else's upload
    expect(retryChoice(failed({}), 'contractor', '1')).toBe('none')
  })

  it('keeps a file over a processing limit for admins, who must force it', () => {
    const over = failed({ limit: 'cpu' })
    expect(retryChoice(over, 'technician', 7)).toBe('admin-only')
    expect(retryChoice(over, 'manager', '1')).toBe('admin-only')
    expect(retryChoice(over, 'admin', '1')).toBe('force')
  })

  it('offers nothing for a document that is not failed or has no file', () => {
    expect(retryChoice({ ...failed({}), state: 'ready' }, 'admin', '1')).toBe('none')
    expect(retryChoice(failed({}, { hasFile: false }), 'admin', '1')).toBe('none')
  })
})
