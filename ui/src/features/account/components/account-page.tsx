import { Alert, Avatar, Badge, Box, Button, Field, Flex, Heading, HStack, Image, Input, Stack, Text } from '@chakra-ui/react'
import { useAtom, useAtomValue } from 'jotai'
import QRCode from 'qrcode'
import { useCallback, useEffect, useState } from 'react'

import { PushSettings } from '@/components/push-settings'
import { Section } from '@/components/section'
import { PasswordStrength } from '@/components/ui/password-strength'
import { changeMyPassword, endMySession, mySessions, totpDisable, totpEnable, totpSetup, uploadMyPhoto, type LiveSession } from '@/data/admin'
import * as limits from '@/api/limits'
import { api, errorMessage } from '@/data/client'
import { toUser, userAtom, type Me } from '@/lib/auth'
import { formatDateTime, formatRelative } from '@/lib/format'
import { showMessage } from '@/lib/snackbar'

function PasswordSection() {
  const username = useAtomValue(userAtom).data?.username ?? ''
  const [current, setCurrent] = useState('')
  const [next, setNext] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  const submit = async () => {
    setBusy(true)
    try {
      const answer = await changeMyPassword(current, next)
      setCurrent('')
      setNext('')
      setErrors({})
      showMessage(answer.otherSessionsEnded ? `${answer.message} Your other sessions were signed out.` : answer.message, 'success')
    } catch (error) {
      setErrors((error as { errors?: Record<string, string> }).errors ?? {})
      showMessage(errorMessage(error), 'error')
    } finally {
      setBusy(false)
    }
  }
  return (
    <Section as="section" panel="6" size="lg" landmark={false} title="Password" testId="account-password">
      <Stack gap="3" maxW="sm">
        <Field.Root invalid={Boolean(errors.currentPassword || errors.password)}>
          <Field.Label>Current password</Field.Label>
          <Input type="password" autoComplete="current-password" value={current} onChange={(e) => setCurrent(e.target.value)} data-testid="current-password" />
        </Field.Root>
        <Field.Root invalid={Boolean(errors.newPassword)}>
          <Field.Label>New password</Field.Label>
          <Input type="password" autoComplete="new-password" value={next} onChange={(e) => setNext(e.target.value)} data-testid="new-password" />
          {errors.newPassword && <Field.ErrorText>{errors.newPassword}</Field.ErrorText>}
        </Field.Root>
        <PasswordStrength password={next} username={username} />
        <Button alignSelf="start" colorPalette="brand" loading={busy} disabled={!current || !next} onClick={() => void submit()} data-testid="change-password">
          Change password
        </Button>
      </Stack>
    </Section>
  )
}

function TotpSection({ enabled, onChanged }: { enabled: boolean; onChanged: () => Promise<void> }) {
  const [password, setPassword] = useState('')
  const [code, setCode] = useState('')
  const [setup, setSetup] = useState<{ secret: string; uri: string; qr: string } | null>(null)
  const [busy, setBusy] = useState(false)
  const run = async (work: () => Promise<void>) => {
    setBusy(true)
    try {
      await work()
    } catch (error) {
      showMessage(errorMessage(error), 'error')
    } finally {
      setBusy(false)
    }
  }
  const start = () =>
    run(async () => {
      const answer = await totpSetup(password)
      setSetup({ ...answer, qr: await QRCode.toDataURL(answer.uri, { margin: 1, width: 220 }) })
    })
  const enable = () =>
    run(async () => {
      await totpEnable(code.trim(), password)
      setSetup(null)
      setCode('')
      setPassword('')
      showMessage('Two-step sign-in is on.', 'success')
      await onChanged()
    })
  const disable = () =>
    run(async () => {
      await totpDisable(code.trim(), password)
      setCode('')
      setPassword('')
      showMessage('Two-step sign-in is off.', 'success')
      await onChanged()
    })
  return (
    <Section as="section" panel="6" size="lg" landmark={false} title="Two-step sign-in (authenticator app)" testId="account-totp">
      <Text mb="3">
        Status:{' '}
        <Badge colorPalette={enabled ? 'green' : 'gray'} data-testid="totp-status">
          {enabled ? 'On' : 'Off'}
        </Badge>
      </Text>
      <Stack gap="3" maxW="sm">
        {!setup && (
          <Field.Root>
            <Field.Label>Current password</Field.Label>
            <Input type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} data-testid="totp-password" />
          </Field.Root>
        )}
        {enabled ? (
          <>
            <Field.Root>
              <Field.Label>A code from your authenticator app</Field.Label>
              <Input inputMode="numeric" maxLength={limits.TotpVerifyRequest.code.maxLength} value={code} onChange={(e) => setCode(e.target.value)} data-testid="totp-code" />
            </Field.Root>
            <Button alignSelf="start" colorPalette="red" loading={busy} disabled={!password || !code} onClick={() => void disable()} data-testid="totp-disable">
              Turn off
            </Button>
          </>
        ) : setup ? (
          <>
            <Text>Scan this code with your authenticator app (or type the key), then enter the code it shows.</Text>
            <Image src={setup.qr} alt="QR code for your authenticator app" boxSize="220px" data-testid="totp-qr" />
            <Text fontFamily="mono" fontSize="sm" wordBreak="break-all" data-testid="totp-secret">
              {setup.secret}
            </Text>
            <Field.Root>
              <Field.Label>Code</Field.Label>
              <Input inputMode="numeric" maxLength={limits.TotpVerifyRequest.code.maxLength} value={code} onChange={(e) => setCode(e.target.value)} data-testid="totp-code" />
            </Field.Root>
            <Button alignSelf="start" colorPalette="brand" loading={busy} disabled={!code} onClick={() => void enable()} data-testid="totp-enable">
              Turn on
            </Button>
          </>
        ) : (
          <Button alignSelf="start" colorPalette="brand" loading={busy} disabled={!password} onClick={() => void start()} data-testid="totp-setup">
            Set up
          </Button>
        )}
      </Stack>
    </Section>
  )
}

function SessionsSection() {
  const [sessions, setSessions] = useState<LiveSession[] | null>(null)
  const load = useCallback(() => {
    mySessions()
      .then((answer) => setSessions(answer.items))
      .catch((error: unknown) => showMessage(errorMessage(error), 'error'))
  }, [])
  useEffect(load, [load])
  const end = async (sid: string) => {
    try {
      await endMySession(sid)
      load()
    } catch (error) {
      showMessage(errorMessage(error), 'error')
    }
  }
  return (
    <Section as="section" panel="6" size="lg" landmark={false} title="Where you are signed in" testId="account-sessions">
      <Stack as="ul" gap="2" p="0">
        {(sessions ?? []).map((s) => (
          <Flex as="li" key={s.id} listStyleType="none" borderWidth="1px" borderColor="border.muted" borderRadius="md" p="2.5" align="center" gap="2" data-testid="my-session-row">
            <Box flex="1" minW="0">
              <Text fontWeight="medium">
                {s.device} {s.current && <Badge colorPalette="green">This device</Badge>}
              </Text>
              <Text fontSize="sm" color="fg.muted">
                {s.ip ?? 'unknown address'} · started {formatDateTime(s.createdAt)} · last used {formatRelative(s.lastUsedAt)}
              </Text>
            </Box>
            {!s.current && (
              <Button size="xs" variant="outline" colorPalette="red" onClick={() => void end(s.id)} data-testid="end-my-session">
                Sign out
              </Button>
            )}
          </Flex>
        ))}
      </Stack>
    </Section>
  )
}

/** /profile/account: every user's own password, two-step sign-in, sessions, push devices and photo. */
export default function AccountPage() {
  const [user, setUser] = useAtom(userAtom)
  const refreshMe = useCallback(async () => {
    setUser(toUser(await api.get<Me>('/me')))
  }, [setUser])
  const photo = async (file: File | undefined) => {
    if (!file) return
    try {
      await uploadMyPhoto(file)
      await refreshMe()
      showMessage('Your photo is saved.', 'success')
    } catch (error) {
      showMessage(errorMessage(error), 'error')
    }
  }
  const data = user.data
  return (
    <Box maxW="4xl" mx="auto" px={{ base: '3', md: '6' }} py={{ base: '4', md: '8' }} data-testid="account-page">
      <Heading as="h1" size="2xl" mb="5">
        Your account
      </Heading>
      {!data ? (
        <Alert.Root status="info">
          <Alert.Title>Sign in to see your account.</Alert.Title>
        </Alert.Root>
      ) : (
        <Stack gap="5">
          <Section as="section" panel="6" size="lg" landmark={false} title="Profile" testId="account-profile">
            <HStack gap="4">
              <Avatar.Root size="2xl">
                {data.photoURL && <Avatar.Image src={data.photoURL} alt="" />}
                <Avatar.Fallback name={data.displayName} />
              </Avatar.Root>
              <Box>
                <Text fontWeight="semibold">{data.displayName}</Text>
                <Text color="fg.muted">
                  {data.username} · {data.email}
                </Text>
                <Input mt="2" type="file" accept={limits.acceptedFiles['/me/photo'].post.accept.join(',')} p="1" size="sm" onChange={(e) => void photo(e.target.files?.[0])} aria-label="Upload a photo" data-testid="account-photo" />
              </Box>
            </HStack>
          </Section>
          <PasswordSection />
          <TotpSection enabled={data.mfaEnabled} onChanged={refreshMe} />
          <SessionsSection />
          <Section as="section" panel="6" size="lg" landmark={false} title="Push notifications on your devices" testId="account-push">
            <PushSettings />
          </Section>
        </Stack>
      )}
    </Box>
  )
}
