import { useAtom, useSetAtom } from 'jotai'
import { useResetAtom } from 'jotai/utils'
import { useState } from 'react'

import { ApiError, errorMessage } from '@/data/client'
import { isAuthenticated, toUser, userAtom } from '@/lib/auth'
import { clearSession, saveSession } from '@/lib/session'
import { prefetchSignedInData, preloadSignedInCode } from '@/lib/sign-in-preload'

import { completeNewPassword, fetchMe, signIn, verifyCode, type AuthResult } from './api'
import { loginStateAtom } from './atoms'
import type { LoginValues } from './login-rules'
import { exchangeCompanyCode } from './oidc'

export const NO_ROLE_MESSAGE =
  'This account has no access to the staff portal. Ask an administrator to assign you a role.'

/** Drives the sign-in flow: credentials, then the new-password and code challenges if asked. */
export function useLogin() {
  const [state, setState] = useAtom(loginStateAtom)
  const reset = useResetAtom(loginStateAtom)
  const setUser = useSetAtom(userAtom)
  const [pending, setPending] = useState(false)

  async function finish(result: AuthResult, remember: boolean) {
    if (result.kind === 'challenge') {
      const newPassword = result.challenge === 'NEW_PASSWORD_REQUIRED'
      setState((s) => ({
        ...s,
        step: newPassword ? 'new-password' : 'totp',
        challengeSession: result.session,
        changePassword: s.changePassword || newPassword,
        error: null,
        fieldErrors: {},
      }))
      return
    }
    saveSession(result.tokens, remember)
    prefetchSignedInData()
    let user
    try {
      user = toUser(await fetchMe())
    } catch (error) {
      clearSession()
      throw error
    }
    if (!isAuthenticated(user.role)) {
      clearSession()
      throw new ApiError(403, NO_ROLE_MESSAGE)
    }
    setState((s) => ({ ...s, success: true, error: null, fieldErrors: {} }))
    // The route guard now leaves /login for the remembered page, or '/' (-> /dashboard).
    setUser(user)
  }

  async function submit(values: LoginValues, remember: boolean) {
    if (pending) return
    setPending(true)
    preloadSignedInCode()
    try {
      let result: AuthResult
      if (state.step === 'credentials') {
        result = await signIn(values.username.trim(), values.password)
      } else if (state.step === 'new-password') {
        result = await completeNewPassword(state.challengeSession ?? '', values.newPassword)
        setState((s) => ({ ...s, changePasswordSuccess: true }))
      } else {
        result = await verifyCode(state.challengeSession ?? '', values.code)
      }
      await finish(result, remember)
    } catch (error) {
      fail(error)
    } finally {
      setPending(false)
    }
  }

  function fail(error: unknown) {
    setState((s) => ({
      ...s,
      success: false,
      error: errorMessage(error),
      fieldErrors: error instanceof ApiError ? error.errors : {},
    }))
  }

  /** Back from company sign-in with a one-time code: the portal's tokens, then as any sign-in. */
  async function completeCompanySignIn(code: string) {
    setPending(true)
    preloadSignedInCode()
    try {
      const { result, remember } = await exchangeCompanyCode(code)
      await finish(result, remember)
    } catch (error) {
      fail(error)
    } finally {
      setPending(false)
    }
  }

  function showError(message: string) {
    setState((s) => ({ ...s, success: false, error: message, fieldErrors: {} }))
  }

  return { state, pending, submit, restart: reset, completeCompanySignIn, showError }
}
