import { useAtomValue, useSetAtom } from 'jotai'
import { useEffect, type ReactNode } from 'react'

import { fetchMe } from '@/features/auth/api'
import { authCheckedAtom, guestUser, toUser, userAtom } from '@/lib/auth'
import { getSession, SESSION_KEY } from '@/lib/session'

import { SplashScreen } from './splash-screen'

/**
 * Startup (spec section 4): the 'me' check runs while the splash shows;
 * when it fails the user is treated as signed out (role []).
 */
export function AuthBootstrap({ children }: { children: ReactNode }) {
  const checked = useAtomValue(authCheckedAtom)
  const setChecked = useSetAtom(authCheckedAtom)
  const setUser = useSetAtom(userAtom)

  useEffect(() => {
    const controller = new AbortController()
    const check = getSession()
      ? fetchMe(controller.signal).then(toUser, () => guestUser)
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
