import { describe, expect, it } from 'vitest'

import { isOpenMessage, notificationOptions, OPEN_MESSAGE, parsePushData, safePath, targetOf } from './messages'

describe('push payloads', () => {
  it('reads the server payload into a notification tagged per record', () => {
    const message = parsePushData(JSON.stringify({ title: 'Asset assigned to you', body: 'AST-1 Pump', url: '/assets/1', tag: 'assets-1', id: 5, kind: 'asset.assigned' }))
    expect(message).toEqual({ title: 'Asset assigned to you', body: 'AST-1 Pump', url: '/assets/1', tag: 'assets-1', id: 5, kind: 'asset.assigned' })
    const options = notificationOptions(message)
    expect(options.tag).toBe('assets-1')
    expect(options.data).toEqual({ url: '/assets/1', id: 5, kind: 'asset.assigned' })
    expect(options.icon).toBe('/icons/icon-192.png')
  })

  it('shows something sensible for a payload it cannot read', () => {
    expect(parsePushData(null).title).toBe('Staff Portal')
    expect(parsePushData('plain words')).toMatchObject({ title: 'Staff Portal', body: 'plain words', url: '/' })
    expect(parsePushData('{"title": 42, "url": 7}')).toMatchObject({ title: 'Staff Portal', url: '/' })
  })

  it('never sends a click outside the portal', () => {
    for (const bad of ['https://evil.example/', '//evil.example/x', 'javascript:alert(1)', '/\\evil.example', '', null, 7]) {
      expect(safePath(bad)).toBe('/')
    }
    expect(safePath('/leads/3?tab=history')).toBe('/leads/3?tab=history')
    expect(targetOf({ url: '/documents/9' })).toBe('/documents/9')
    expect(targetOf(undefined)).toBe('/')
  })

  it('recognises the open message the worker posts', () => {
    expect(isOpenMessage({ type: OPEN_MESSAGE, url: '/assets/1' })).toBe(true)
    expect(isOpenMessage({ type: 'other', url: '/assets/1' })).toBe(false)
    expect(isOpenMessage(null)).toBe(false)
  })
})
