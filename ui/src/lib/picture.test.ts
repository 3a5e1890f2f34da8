import { describe, expect, it } from 'vitest'

import { avatarPalette, mediaUrl } from './picture'

describe('mediaUrl', () => {
  it('loads the shipped sample pictures, uploads and absolute addresses', () => {
    expect(mediaUrl('/samples/avatars/abbott.webp')).toBe('/samples/avatars/abbott.webp')
    expect(mediaUrl('data:image/webp;base64,AAAA')).toBe('data:image/webp;base64,AAAA')
    expect(mediaUrl('https://example.com/a.png')).toBe('https://example.com/a.png')
  })
  it("refuses the original template's unshipped paths and what is not a picture", () => {
    expect(mediaUrl('assets/images/avatars/garry.jpg')).toBeNull()
    expect(mediaUrl('/assets/images/ecommerce/yosemite.jpg')).toBeNull()
    expect(mediaUrl('data:text/html,<b>x</b>')).toBeNull()
    expect(mediaUrl('')).toBeNull()
    expect(mediaUrl(null)).toBeNull()
  })
})

describe('avatarPalette', () => {
  it('gives a name the same colour every time', () => {
    expect(avatarPalette('Alice Freeman')).toBe(avatarPalette('Alice Freeman'))
  })
})
