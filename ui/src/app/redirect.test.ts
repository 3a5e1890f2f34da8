import { describe, expect, it } from 'vitest'

import { fillPath } from './redirect-path'

describe('fillPath', () => {
  it('puts the parameters into the target', () => {
    expect(fillPath('/apps/e-commerce/products/:productId', { productId: '7', handle: 'x' })).toBe('/apps/e-commerce/products/7')
    expect(fillPath('/a/:x/:y', { x: 'one two', y: 'b' })).toBe('/a/one%20two/b')
    expect(fillPath('/plain', {})).toBe('/plain')
  })
})
