import { useAtomValue, useSetAtom } from 'jotai'
import { useEffect, type ReactNode } from 'react'

import { fetchMe } from '@/features/auth/api'
import { ApiError } from '@/data/client'
import { authCheckedAtom, guestUser, toUser, userAtom, type Me, type User } from '@/lib/auth'
import { getSession, loadProfile, saveProfile, SESSION_KEY } from '@/lib/session'

import { SplashScreen } from './splash-screen'

/** The user of the last 'me' answer when the check could not reach the server (an offline start). */
function offlineUser(error: unknown): User {
  const profile = error instanceof ApiError && error.isNetworkError ? loadProfile() : null
  return profile && typeof profile === 'object' ? toUser(profile as Me) : guestUser
}

/**
 * Startup (spec section 4): the 'me' check runs while the splash shows;
 * when it fails the user is treated as signed out (role []). When it cannot run at all (no
 * network), the installed app opens with the last answer and the shell says it is offline.
 */
export function AuthBootstrap({ children }: { children: ReactNode }) {
  const checked = useAtomValue(authCheckedAtom)
  const setChecked = useSetAtom(authCheckedAtom)
  const setUser = useSetAtom(userAtom)

  useEffect(() => {
    const controller = new AbortController()
    const check = getSession()
      ? fetchMe(controller.signal).then((me) => {
          saveProfile(me)
          return toUser(me)
        }, offlineUser)
      : Promise.resolve(guestUser)
    void check.then((user) => {
      if (controller.signal.aborted) return
      setUser(user)
      setChecked(true)
    })
    return () => controller.abort()
  }, [setChecked, setUser])

  // Signing out in another tab (remembered session) signs this tab out too.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === SESSION_KEY && event.newValue === null && !getSession()) setUser(guestUser)
    }
    window.addEventListener('storage', onStorage)
    return () => window.removeEventListener('storage', onStorage)
  }, [setUser])

  if (!checked) return <SplashScreen />
  return children
}
