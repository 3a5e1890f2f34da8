import { describe, expect, it } from 'vitest'

import { toPortalSettings } from './portal-settings'

describe('portal-wide settings', () => {
  it('reads an answer and a push, and refuses what it does not understand', () => {
    expect(toPortalSettings({ templateHidden: true })).toEqual({ templateHidden: true })
    expect(toPortalSettings({ settings: { templateHidden: false } })).toEqual({ templateHidden: false })
    expect(toPortalSettings({ templateHidden: 'yes' })).toBeNull()
    expect(toPortalSettings({ settings: null })).toBeNull()
    expect(toPortalSettings(null)).toBeNull()
  })
})
