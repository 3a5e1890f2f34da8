import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createStore } from 'jotai'
import { describe, expect, it, vi } from 'vitest'

import { toUser, userAtom, type Me } from '@/lib/auth'
import { receiveRecordEventAtom } from '@/data/live'
import { resetOptionsCache } from '@/data/records'
import { saveSession } from '@/lib/session'
import { json, mockFetch, path, type Call } from '@/testing/fetch-mock'
import { renderApp } from '@/testing/render'

const ME: Me = {
  id: 2,
  username: 'mgr',
  displayName: 'Morgan',
  email: '',
  photoURL: null,
  role: 'manager',
  roles: ['manager'],
  shortcuts: [],
  settings: {},
  mfaEnabled: false,
}

const OPTIONS = {
  statuses: [
    { value: 'GOOD', label: 'Good', color: 'green' },
    { value: 'POOR', label: 'Poor', color: 'darkred' },
  ],
  risks: [{ value: 'L', label: 'Low' }],
  departments: [{ value: 'Hardware', label: 'Hardware' }],
  stages: [],
  documentStates: [],
  assetCategories: [{ value: 'Power', label: 'Power' }],
  roles: [],
}

const asset = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  version: 1,
  createdAt: '2026-11-01T10:00:00Z',
  updatedAt: '2026-11-01T10:00:00Z',
  createdBy: { id: 1, displayName: 'Avery' },
  updatedBy: { id: 1, displayName: 'Avery' },
  tag: `AST-${id}`,
  name: `Pump ${id}`,
  category: 'Power',
  serialNumber: null,
  department: 'Hardware',
  status: 'GOOD',
  risk: 'L',
  location: 'Yard',
  assignedTechnicianId: null,
  assignedTechnician: null,
  nextInspection: null,
  purchaseDate: null,
  purchaseCost: null,
  notes: null,
  ...extra,
})

function setup(initial: string, handler: (call: Call) => Response | undefined) {
  resetOptionsCache()
  const { fetch, calls } = mockFetch((call) => {
    const custom = handler(call)
    if (custom) return custom
    if (path(call) === '/options') return json(OPTIONS)
    return json({ message: 'Not found.' }, 404)
  })
  vi.stubGlobal('fetch', fetch)
  saveSession(
    { accessToken: 'a', idToken: 'i', refreshToken: 'r', tokenType: 'Bearer', issuedAt: '2026-01-01T00:00:00Z', expiresIn: 3600, refreshExpiresIn: 86400 },
    true,
  )
  const store = createStore()
  store.set(userAtom, toUser(ME))
  return { user: userEvent.setup(), calls, ...renderApp([initial], store) }
}

describe('record list', () => {
  it('keeps its state in the URL, sorts by column and shows pushes in place', async () => {
    let rows = [asset(1), asset(2)]
    const { user, router, calls, store } = setup('/assets?status=GOOD', (call) =>
      path(call) === '/assets' ? json({ items: rows, total: rows.length, page: 1, perPage: 25 }) : undefined,
    )
    expect(await screen.findByTestId('row-1', {}, { timeout: 15_000 })).toBeInTheDocument()
    const listCall = calls.find((c) => path(c) === '/assets')!
    expect(new URL(listCall.url).searchParams.get('status')).toBe('GOOD')
    expect(screen.getByTestId('filter-status')).toHaveTextContent('1')

    await user.click(screen.getByTestId('sort-name'))
    await waitFor(() => expect(router.state.location.search).toBe('?status=GOOD&sort=name&order=asc'))
    expect(screen.getByTestId('col-name')).toHaveAttribute('aria-sort', 'ascending')

    // Changed elsewhere: the row updates in place and glows.
    act(() => {
      store.set(receiveRecordEventAtom, {
        type: 'record.updated',
        resource: 'assets',
        id: 1,
        version: 2,
        record: asset(1, { version: 2, status: 'POOR', location: 'Workshop' }) as never,
        actorId: 1,
        changed: ['status', 'location'],
      })
    })
    expect(within(screen.getByTestId('cell-1-status')).getByText('Poor')).toBeInTheDocument()
    expect(screen.getByTestId('cell-1-location')).toHaveTextContent('Workshop')
    expect(screen.getByTestId('row-1')).toHaveAttribute('data-flash')

    // Created elsewhere: the list refetches and the new row appears.
    rows = [...rows, asset(3)]
    act(() => {
      store.set(receiveRecordEventAtom, {
        type: 'record.created',
        resource: 'assets',
        id: 3,
        version: 1,
        record: asset(3) as never,
        actorId: 1,
        changed: [],
      })
    })
    expect(await screen.findByTestId('row-3', {}, { timeout: 15_000 })).toBeInTheDocument()
  })
})

describe('record detail', () => {
  it('shows server validation messages, then a stale edit as a per-field review that keeps the draft', async () => {
    let patches = 0
    const bodies: Record<string, unknown>[] = []
    const { user } = setup('/assets/1', (call) => {
      if (path(call) === '/assets/1' && call.method === 'GET') return json(asset(1))
      if (path(call) === '/assets/1/history') return json({ items: [] })
      if (path(call) === '/assets/1' && call.method === 'PATCH') {
        patches += 1
        bodies.push(call.body as Record<string, unknown>)
        if (patches === 1) return json({ message: 'Check the highlighted fields.', errors: { tag: 'This field is required.' } }, 422)
        if (patches === 2)
          return json({ message: 'Someone else changed this asset since you opened it.', current: asset(1, { version: 5, location: 'Lab 9' }) }, 409)
        return json(asset(1, { version: 6, location: 'Bay 2' }))
      }
      return undefined
    })
    await user.click(await screen.findByTestId('detail-edit', {}, { timeout: 15_000 }))
    await user.clear(screen.getByTestId('field-tag'))
    await user.click(screen.getByTestId('form-submit'))
    expect(await screen.findByTestId('field-error-tag')).toHaveTextContent('This field is required.')
    expect(screen.getByTestId('form-error')).toHaveTextContent('Check the highlighted fields: Tag.')

    await user.type(screen.getByTestId('field-tag'), 'AST-1')
    await user.clear(screen.getByTestId('field-location'))
    await user.type(screen.getByTestId('field-location'), 'Bay 2')
    await user.click(screen.getByTestId('form-submit'))
    // Both changed the location: no save until this person chooses; the draft is still theirs to keep.
    expect(await screen.findByTestId('conflict-review')).toBeInTheDocument()
    expect(screen.getByTestId('conflict-mine-location')).toHaveTextContent('Bay 2')
    expect(screen.getByTestId('conflict-theirs-location')).toHaveTextContent('Lab 9')
    expect(screen.getByTestId('conflict-save')).toBeDisabled()
    await user.click(screen.getByTestId('conflict-keep-mine-location'))
    await user.click(screen.getByTestId('conflict-save'))
    await waitFor(() => expect(patches).toBe(3))
    expect(bodies[2]).toMatchObject({ version: 5, location: 'Bay 2' })
    expect(await screen.findByTestId('detail-field-location')).toHaveTextContent('Bay 2')
  })
})
