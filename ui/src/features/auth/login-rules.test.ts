import { describe, expect, it } from 'vitest'

import { isLoginEnabled, type LoginValues } from './login-rules'

const values = (v: Partial<LoginValues>): LoginValues => ({
  username: '',
  password: '',
  newPassword: '',
  code: '',
  ...v,
})

describe('LOGIN enabled rule (spec section 5)', () => {
  it('needs both username and password on the credentials step', () => {
    expect(isLoginEnabled('credentials', values({}))).toBe(false)
    expect(isLoginEnabled('credentials', values({ username: 'jdoe' }))).toBe(false)
    expect(isLoginEnabled('credentials', values({ password: 'secret' }))).toBe(false)
    expect(isLoginEnabled('credentials', values({ username: '   ', password: 'secret' }))).toBe(false)
    expect(isLoginEnabled('credentials', values({ username: 'jdoe', password: 'x' }))).toBe(true)
  })

  it('needs a new password longer than 7 characters on the new-password step', () => {
    expect(isLoginEnabled('new-password', values({ newPassword: '' }))).toBe(false)
    expect(isLoginEnabled('new-password', values({ newPassword: '1234567' }))).toBe(false)
    expect(isLoginEnabled('new-password', values({ newPassword: '12345678' }))).toBe(true)
    expect(isLoginEnabled('new-password', values({ username: 'jdoe', password: 'p', newPassword: 'short' }))).toBe(false)
  })

  it('needs exactly 6 digits on the code step', () => {
    expect(isLoginEnabled('totp', values({ code: '12345' }))).toBe(false)
    expect(isLoginEnabled('totp', values({ code: '12345a' }))).toBe(false)
    expect(isLoginEnabled('totp', values({ code: '123456' }))).toBe(true)
  })
})
