import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createStore } from 'jotai'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { toUser, userAtom, type Me, type Role } from '@/lib/auth'
import { receiveDocumentProgressAtom, type DocumentProgressPush } from '@/data/document-progress'
import { receiveRecordEventAtom } from '@/data/live'
import { resetOptionsCache } from '@/data/records'
import { saveSession } from '@/lib/session'
import { FakeXhr } from '@/testing/fake-xhr'
import { json, mockFetch, path, type Call } from '@/testing/fetch-mock'
import { renderApp } from '@/testing/render'

import { resetUploads, setUploadTransport } from './upload-atoms'

const me = (role: Role): Me => ({
  id: 3,
  username: role,
  displayName: 'Taylor',
  email: '',
  photoURL: null,
  role,
  roles: [role],
  shortcuts: [],
  settings: {},
  mfaEnabled: false,
})

const OPTIONS = {
  statuses: [],
  risks: [],
  departments: [
    { value: 'Software and Firmware', label: 'Software and Firmware' },
    { value: 'Hardware', label: 'Hardware' },
  ],
  stages: [],
  documentStates: ['queued', 'processing', 'ready', 'failed'].map((s) => ({ value: s, label: s[0].toUpperCase() + s.slice(1) })),
  assetCategories: [],
  roles: [],
}

const doc = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  version: 1,
  createdAt: '2026-11-01T10:00:00Z',
  updatedAt: '2026-11-01T10:00:00Z',
  createdBy: { id: 3, displayName: 'Taylor' },
  updatedBy: { id: 3, displayName: 'Taylor' },
  title: `Doc ${id}`,
  department: 'Hardware',
  assetId: null,
  leadId: null,
  notes: null,
  originalName: `doc-${id}.pdf`,
  mediaType: 'application/pdf',
  size: 2048,
  sha256: null,
  pageCount: null,
  state: 'queued',
  failureReason: null,
  progress: { stage: 'queued', percent: 0, message: 'Waiting for a worker.', attempt: 1 },
  duplicateOfId: null,
  hasFile: true,
  hasThumbnail: false,
  uploadedBy: { id: 3, displayName: 'Taylor' },
  ...extra,
})

const progress = (id: number, state: DocumentProgressPush['state'], stage: DocumentProgressPush['stage'], percent: number, message: string): DocumentProgressPush => ({
  id,
  state,
  stage,
  percent,
  message,
  attempt: 1,
  uploadedById: 3,
  at: Date.now(),
})

function setup(initial: string, role: Role, handler: (call: Call) => Response | undefined = () => undefined) {
  resetOptionsCache()
  const { fetch, calls } = mockFetch((call) => {
    const custom = handler(call)
    if (custom) return custom
    if (path(call) === '/options') return json(OPTIONS)
    if (path(call) === '/documents') return json({ items: [], total: 0, page: 1, perPage: 25 })
    return json({ message: 'Not found.' }, 404)
  })
  vi.stubGlobal('fetch', fetch)
  saveSession(
    { accessToken: 'a', idToken: 'i', refreshToken: 'r', tokenType: 'Bearer', issuedAt: '2026-01-01T00:00:00Z', expiresIn: 3600, refreshExpiresIn: 86400 },
    true,
  )
  const store = createStore()
  store.set(userAtom, toUser(me(role)))
  return { user: userEvent.setup(), calls, ...renderApp([initial], store) }
}

beforeEach(() => {
  FakeXhr.sent = []
  resetUploads()
  setUploadTransport({ xhr: FakeXhr.factory })
})

afterEach(() => setUploadTransport({}))

describe('document upload', () => {
  it('sends dropped files one by one and follows each to its result', { timeout: 30_000 }, async () => {
    const { user, store } = setup('/documents', 'technician')
    expect(await screen.findByTestId('list-search', {}, { timeout: 15000 })).toHaveAttribute('placeholder', 'Search titles and text inside documents')
    await user.click(screen.getByTestId('upload-open'))
    const dialog = await screen.findByTestId('upload-dialog')
    await waitFor(() => expect(within(dialog).getAllByRole('option')).toHaveLength(3))

    fireEvent.drop(within(dialog).getByTestId('upload-dropzone'), {
      dataTransfer: {
        types: ['Files'],
        files: [new File(['%PDF-1.7'], 'report.pdf', { type: 'application/pdf' }), new File(['png'], 'photo.pdf'), new File(['MZ'], 'setup.exe')],
      },
    })
    expect(within(dialog).getAllByTestId('upload-chosen-item')).toHaveLength(3)
    expect(within(dialog).getByTestId('upload-chosen-problem')).toHaveTextContent("'setup.exe' is not a kind of file the portal keeps")
    expect(within(dialog).getByTestId('upload-submit')).toHaveTextContent('Upload 2 files')

    // The department is required.
    await user.click(within(dialog).getByTestId('upload-submit'))
    expect(FakeXhr.sent).toHaveLength(0)
    await user.selectOptions(within(dialog).getByTestId('upload-department'), 'Hardware')
    await user.type(within(dialog).getAllByTestId('upload-chosen-title')[0], 'Pump report')
    await user.click(within(dialog).getByTestId('upload-submit'))

    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2))
    const [first, second] = FakeXhr.sent
    expect(first.headers.Authorization).toBe('Bearer a')
    expect(first.body?.get('department')).toBe('Hardware')
    expect(first.body?.getAll('title')).toEqual(['Pump report'])
    expect((first.body?.get('file') as File).name).toBe('report.pdf')

    const item = () => within(dialog).getAllByTestId('upload-item').find((el) => el.dataset.file === 'report.pdf')!
    act(() => first.progress(40, 100))
    expect(within(item()).getByTestId('upload-item-transfer')).toHaveAttribute('data-value', '40')
    act(() => first.respond(201, { items: [doc(11, { title: 'Pump report' })] }))
    expect(await within(item()).findByTestId('upload-item-processing')).toHaveAttribute('data-state', 'queued')

    act(() => store.set(receiveDocumentProgressAtom, progress(11, 'processing', 'text', 50, 'Reading the text.')))
    await waitFor(() => expect(within(item()).getByTestId('upload-item-processing')).toHaveAttribute('data-stage', 'text'))
    expect(within(item()).getByTestId('upload-item-processing')).toHaveTextContent('Reading the text.')
    act(() => {
      store.set(receiveRecordEventAtom, {
        type: 'record.updated',
        resource: 'documents',
        id: 11,
        version: 3,
        record: doc(11, { version: 3, state: 'ready', duplicateOfId: 7, progress: { stage: 'done', percent: 100 } }) as never,
        actorId: null,
        changed: ['state'],
      })
      store.set(receiveDocumentProgressAtom, progress(11, 'ready', 'done', 100, 'Ready.'))
    })
    expect(within(item()).getByTestId('upload-item-result')).toHaveAttribute('data-status', 'duplicate')
    expect(within(item()).getByTestId('upload-item-duplicate')).toHaveTextContent('Duplicate of document #7')
    expect(within(item()).getByTestId('upload-item-open')).toHaveAttribute('href', '/documents/11')

    // The mislabelled file: the server's message.
    act(() => second.respond(415, { message: "'photo.pdf' is named like a PDF, but its content is a PNG image." }))
    const refused = await waitFor(() => {
      const found = within(dialog).getAllByTestId('upload-item').find((el) => el.dataset.phase === 'refused')
      expect(found).toBeDefined()
      return found!
    })
    expect(within(refused).getByTestId('upload-item-reason')).toHaveTextContent("'photo.pdf' is named like a PDF, but its content is a PNG image.")

    await user.click(within(dialog).getByTestId('upload-clear'))
    expect(within(dialog).queryAllByTestId('upload-item')).toHaveLength(0)
  })

  it('shows no upload control to a contractor', async () => {
    setup('/documents', 'contractor')
    expect(await screen.findByTestId('list-search', {}, { timeout: 5000 })).toBeInTheDocument()
    expect(screen.queryByTestId('upload-open')).not.toBeInTheDocument()
  })
})

describe('document page', () => {
  // jsdom has no blob URLs.
  const blobUrls = URL as unknown as { createObjectURL?: unknown; revokeObjectURL?: unknown }
  beforeEach(() => {
    blobUrls.createObjectURL = vi.fn(() => 'blob:thumb')
    blobUrls.revokeObjectURL = vi.fn()
  })
  afterEach(() => {
    delete blobUrls.createObjectURL
    delete blobUrls.revokeObjectURL
  })

  it('shows the preview, the progress while processing, and retries a failed document', async () => {
    let record = doc(5, { state: 'failed', version: 4, failureReason: 'The PDF is damaged.', progress: { stage: 'failed', percent: 100, message: 'The PDF is damaged.' } })
    const { user, calls, store } = setup('/documents/5', 'technician', (call) => {
      if (path(call) === '/documents/5' && call.method === 'GET') return json(record)
      if (path(call) === '/documents/5/history') return json({ items: [] })
      if (path(call) === '/documents/5/retry' && call.method === 'POST') {
        record = doc(5, { version: 5, state: 'queued' })
        return json(record)
      }
      if (path(call) === '/documents/5/thumbnail') return new Response(new Blob(['png']), { status: 200, headers: { 'Content-Type': 'image/png' } })
      return undefined
    })
    expect(await screen.findByTestId('doc-failure-reason', {}, { timeout: 5000 })).toHaveTextContent('The PDF is damaged.')
    expect(screen.getByTestId('doc-preview-none')).toHaveTextContent('No preview: processing failed.')
    expect(screen.getByTestId('doc-meta-name')).toHaveTextContent('doc-5.pdf')

    await user.click(screen.getByTestId('doc-retry'))
    await waitFor(() => expect(calls.some((c) => path(c) === '/documents/5/retry' && c.method === 'POST')).toBe(true))
    expect(await screen.findByTestId('doc-processing')).toHaveAttribute('data-state', 'queued')
    expect(screen.queryByTestId('doc-failure')).not.toBeInTheDocument()

    act(() => store.set(receiveDocumentProgressAtom, progress(5, 'processing', 'thumbnail', 80, 'Making the preview.')))
    expect(screen.getByTestId('doc-processing')).toHaveAttribute('data-stage', 'thumbnail')

    act(() =>
      store.set(receiveRecordEventAtom, {
        type: 'record.updated',
        resource: 'documents',
        id: 5,
        version: 6,
        record: doc(5, { version: 6, state: 'ready', hasThumbnail: true, pageCount: 3, progress: { stage: 'done', percent: 100 } }) as never,
        actorId: null,
        changed: ['state', 'pageCount'],
      }),
    )
    expect(await screen.findByTestId('doc-thumbnail')).toHaveAttribute('src', 'blob:thumb')
    expect(calls.find((c) => path(c) === '/documents/5/thumbnail')?.headers.get('Authorization')).toBe('Bearer a')
    expect(screen.queryByTestId('doc-processing')).not.toBeInTheDocument()
    expect(screen.getByTestId('doc-meta-pages')).toHaveTextContent('3')
  })

  const overLimit = () =>
    doc(6, {
      state: 'failed',
      version: 3,
      failureReason: 'The file needs more memory than the 1024 MB allowed to process one file, so it was not processed.',
      progress: { stage: 'failed', percent: 100, message: 'The file needs more memory…', limit: 'memory' },
    })

  it('offers no retry for a file over a processing limit, only a note that an admin can force one', async () => {
    setup('/documents/6', 'manager', (call) => {
      if (path(call) === '/documents/6' && call.method === 'GET') return json(overLimit())
      if (path(call) === '/documents/6/history') return json({ items: [] })
      return undefined
    })
    expect(await screen.findByTestId('doc-failure-reason', {}, { timeout: 5000 })).toHaveTextContent('more memory than the 1024 MB')
    expect(screen.getByTestId('doc-retry-admin-only')).toHaveTextContent('Only an admin can force a retry.')
    expect(screen.queryByTestId('doc-retry')).not.toBeInTheDocument()
    expect(screen.queryByTestId('doc-force-retry')).not.toBeInTheDocument()
  })

  it('lets an admin force a retry of a file over a processing limit', async () => {
    let record = overLimit()
    const { user, calls } = setup('/documents/6', 'admin', (call) => {
      if (path(call) === '/documents/6' && call.method === 'GET') return json(record)
      if (path(call) === '/documents/6/history') return json({ items: [] })
      if (path(call) === '/documents/6/retry' && call.method === 'POST') {
        record = doc(6, { version: 4, state: 'queued' })
        return json(record)
      }
      return undefined
    })
    await user.click(await screen.findByTestId('doc-force-retry', {}, { timeout: 5000 }))
    await waitFor(() => expect(calls.some((c) => path(c) === '/documents/6/retry' && c.method === 'POST')).toBe(true))
    expect(calls.find((c) => path(c) === '/documents/6/retry')?.url).toContain('force=true')
    expect(await screen.findByTestId('doc-processing')).toHaveAttribute('data-state', 'queued')
  })
})
