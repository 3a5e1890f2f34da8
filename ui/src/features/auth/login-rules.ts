/** Spec section 5: minimum new password length. */
export const MIN_NEW_PASSWORD_LENGTH = 8
export const CODE_LENGTH = 6

export type LoginStep = 'credentials' | 'new-password' | 'totp'

export interface LoginValues {
  username: string
  password: string
  newPassword: string
  code: string
}

export function isValidCode(code: string): boolean {
  return new RegExp(`^\\d{${CODE_LENGTH}}$`).test(code)
}

/**
 * LOGIN is enabled only when username and password are both non-empty, or (new-password step)
 * the new password is longer than 7 characters, or (code step) the code has 6 digits.
 */
export function isLoginEnabled(step: LoginStep, values: LoginValues): boolean {
  switch (step) {
    case 'credentials':
      return values.username.trim() !== '' && values.password !== ''
    case 'new-password':
      return values.newPassword.length >= MIN_NEW_PASSWORD_LENGTH
    case 'totp':
      return isValidCode(values.code)
  }
}
