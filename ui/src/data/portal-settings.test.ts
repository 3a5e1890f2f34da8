import { createStore } from 'jotai'
import { describe, expect, it, vi } from 'vitest'

import { json, mockFetch } from '@/testing/fetch-mock'

import { saveSession } from '@/lib/session'
import { loadPortalSettingsAtom, portalSettingsAtom, receivePortalSettingsAtom, toPortalSettings } from './portal-settings'

describe('portal-wide settings', () => {
  it('reads an answer and a push, and refuses what it does not understand', () => {
    expect(toPortalSettings({ templateHidden: true })).toEqual({ templateHidden: true })
    expect(toPortalSettings({ settings: { templateHidden: false } })).toEqual({ templateHidden: false })
    expect(toPortalSettings({ templateHidden: 'yes' })).toBeNull()
    expect(toPortalSettings({ settings: null })).toBeNull()
    expect(toPortalSettings(null)).toBeNull()
  })

  it('keeps a push that arrived while a load was on its way', async () => {
    let answer: (value: Response) => void = () => undefined
    const { fetch } = mockFetch(() => new Promise<Response>((resolve) => (answer = resolve)))
    vi.stubGlobal('fetch', fetch)
    saveSession({ accessToken: 'a', idToken: 'i', refreshToken: 'r', tokenType: 'Bearer', issuedAt: '2026-01-01T00:00:00Z', expiresIn: 3600, refreshExpiresIn: 86400 }, true)
    const store = createStore()
    const loading = store.set(loadPortalSettingsAtom)
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled())
    store.set(receivePortalSettingsAtom, { templateHidden: true })
    answer(json({ templateHidden: false }))
    await loading
    expect(store.get(portalSettingsAtom)).toEqual({ templateHidden: true })
  })
})
