import { Center, Spinner, Text, VStack } from '@chakra-ui/react'
import { useSetAtom } from 'jotai'
import { useEffect, useRef } from 'react'
import { useNavigate, useSearchParams } from 'react-router-dom'

import { guestUser, userAtom } from '@/lib/auth'
import { unlockScreen } from '@/lib/lock'
import { turnOffPushHere } from '@/data/push'
import { settlePendingSaves, stopPendingSaves } from '@/data/pending-saves'
import { clearSession, getSession } from '@/lib/session'

import { signOut } from '../api'

/** /logout (?everywhere=1: every session of the user): revokes the session on the server, forgets it here, resets the user, then goes to '/'. */
export default function LogoutPage() {
  const setUser = useSetAtom(userAtom)
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const everywhere = params.get('everywhere') === '1'
  const started = useRef(false)

  useEffect(() => {
    if (started.current) return
    started.current = true
    // A slow or unreachable API must not keep the user here: give up after 8 s. This browser's push
    // device goes first (a shared phone must not keep getting this user's notifications).
    // Preference saves still queued (a setting changed a moment ago) go out first, while the session lasts.
    const revoke = getSession()
      ? settlePendingSaves()
          .then(() => stopPendingSaves())
          .then(() => turnOffPushHere())
          .catch(() => undefined)
          .then(() => signOut(AbortSignal.timeout(8000), everywhere))
          .catch(() => undefined)
      : Promise.resolve()
    void revoke.finally(() => {
      clearSession()
      unlockScreen()
      setUser(guestUser)
      navigate('/', { replace: true })
    })
  }, [everywhere, navigate, setUser])

  return (
    <Center minH="100dvh" data-testid="logout-page">
      <VStack gap="4">
        <Spinner size="lg" color="brand.solid" />
        <Text fontSize="lg" color="fg.muted">
          Logging out..
        </Text>
      </VStack>
    </Center>
  )
}
