import { describe, expect, it } from 'vitest'

import { keyBytes } from './push'

describe('keyBytes', () => {
  it('decodes the base64url VAPID key as pushManager.subscribe takes it', () => {
    const key = 'BEmnJtnFMmJANl6IoM2ZOQj0JselmRNffAQO_4nM6gxddgfi-6w-VvEXvmWsuePlimr11s7IGj3tOx7168UwHCI'
    const bytes = keyBytes(key)
    expect(bytes.length).toBe(65)
    expect(bytes[0]).toBe(4)
    expect(btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')).toBe(key)
  })
})
