import { afterEach, describe, expect, it } from 'vitest'

import { isLocked, lockPathFor, lockScreen, safeReturnPath, unlockScreen } from './lock'

describe('lock screen state', () => {
  afterEach(() => unlockScreen())

  it('locks per user until unlocked', () => {
    expect(isLocked('7')).toBe(false)
    lockScreen('7')
    expect(isLocked('7')).toBe(true)
    expect(isLocked('8')).toBe(false)
    expect(isLocked(null)).toBe(false)
    unlockScreen()
    expect(isLocked('7')).toBe(false)
  })

  it('returns only to paths of this app', () => {
    expect(safeReturnPath('/assets?page=2')).toBe('/assets?page=2')
    expect(safeReturnPath('https://evil.example')).toBe('/dashboard')
    expect(safeReturnPath('//evil.example/x')).toBe('/dashboard')
    expect(safeReturnPath('/\\evil.example')).toBe('/dashboard')
    expect(safeReturnPath('/pages/auth/lock?from=/x')).toBe('/dashboard')
    expect(safeReturnPath('/logout')).toBe('/dashboard')
    expect(safeReturnPath(null)).toBe('/dashboard')
  })

  it('builds the lock address with the page to go back to', () => {
    expect(lockPathFor('/leads/4')).toBe('/pages/auth/lock?from=%2Fleads%2F4')
    expect(lockPathFor('/pages/auth/lock')).toBe('/pages/auth/lock')
  })
})
