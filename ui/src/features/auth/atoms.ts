import { atomWithReset } from 'jotai/utils'

import type { FieldErrors } from '@/data/client'

import type { LoginStep } from './login-rules'

/** Login state (spec section 3): success, error, changePassword, changePasswordSuccess. */
export interface LoginState {
  step: LoginStep
  /** Opaque session of the pending challenge (new password or code). */
  challengeSession: string | null
  error: string | null
  fieldErrors: FieldErrors
  /** The provider asked for a new password. */
  changePassword: boolean
  changePasswordSuccess: boolean
  success: boolean
}

export const initialLoginState: LoginState = {
  step: 'credentials',
  challengeSession: null,
  error: null,
  fieldErrors: {},
  changePassword: false,
  changePasswordSuccess: false,
  success: false,
}

export const loginStateAtom = atomWithReset<LoginState>(initialLoginState)
