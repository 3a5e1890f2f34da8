import { Avatar, Button, Center, Field, Input, Stack, Text } from '@chakra-ui/react'
import { useAtomValue } from 'jotai'
import { useEffect, useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router-dom'

import { userAtom } from '@/lib/auth'
import { lockScreen, safeReturnPath, unlockScreen } from '@/lib/lock'

import { unlock } from '../account-recovery-api'
import { useAuthCall } from '../use-auth-call'

import { AuthFrame, AuthTitle } from './auth-frame'

/**
 * /pages/auth/lock: the lock screen. Opening it locks the session (the shell sends every page here
 * until it is unlocked; it also comes here by itself after a long idle time, see lib/lock.ts). The
 * user's own password unlocks it, under the sign-in lockout; "Not you?" signs out.
 */
export default function LockPage() {
  const user = useAtomValue(userAtom).data
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const [password, setPassword] = useState('')
  const { busy, error, run } = useAuthCall()
  const userId = user?.id ?? null

  useEffect(() => {
    if (userId) lockScreen(userId)
  }, [userId])

  const submit = async () => {
    const unlocked = await run(async () => {
      await unlock(password)
      unlockScreen()
      navigate(safeReturnPath(params.get('from')), { replace: true })
    })
    if (!unlocked) setPassword('')
  }

  return (
    <AuthFrame variant="card" testId="auth-lock">
      <Center mb="4">
        <Avatar.Root size="2xl">
          <Avatar.Fallback name={user?.displayName ?? ''} />
          {user?.photoURL && <Avatar.Image src={user.photoURL} alt="" />}
        </Avatar.Root>
      </Center>
      <AuthTitle title="Your session is locked" lead={`Due to inactivity, your session is locked. Enter your password to continue${user ? `, ${user.displayName}` : ''}.`} />
      <Stack
        as="form"
        gap="4"
        onSubmit={(event) => {
          event.preventDefault()
          if (password) void submit()
        }}
      >
        <Field.Root>
          <Field.Label>Username</Field.Label>
          <Input value={user?.username ?? ''} readOnly autoComplete="username" data-testid="lock-username" />
        </Field.Root>
        <Field.Root required invalid={Boolean(error)}>
          <Field.Label>Password</Field.Label>
          <Input type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} data-testid="lock-password" autoFocus />
          {error && <Field.ErrorText data-testid="lock-error">{error}</Field.ErrorText>}
        </Field.Root>
        <Button type="submit" colorPalette="brand" size="lg" loading={busy} disabled={!password} data-testid="lock-unlock">
          Unlock
        </Button>
      </Stack>
      <Text mt="6" fontSize="sm" color="fg.muted" textAlign="center">
        Not you?{' '}
        <Button
          variant="plain"
          size="sm"
          color="brand.fg"
          px="0"
          onClick={() => {
            unlockScreen()
            navigate('/logout')
          }}
          data-testid="lock-sign-out"
        >
          Sign out
        </Button>
      </Text>
    </AuthFrame>
  )
}
