import { describe, expect, it } from 'vitest'

import { sectionOf } from './api'

describe('sectionOf', () => {
  it('names the section a result lives in', () => {
    expect(sectionOf('/pages/knowledge-base/getting-started?x=1')).toBe('Knowledge base')
    expect(sectionOf('/apps/academy/courses/1/basics')).toBe('Academy')
    expect(sectionOf('/assets/4')).toBe('Assets')
    expect(sectionOf('/')).toBe('Portal')
  })
})
