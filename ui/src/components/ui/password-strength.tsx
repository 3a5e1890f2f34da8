import { Box, HStack, Stack, Text } from '@chakra-ui/react'
import { useEffect, useState } from 'react'

import { api, errorMessage } from '@/data/client'

/** The server's verdict on a candidate password (POST /auth/password-check): the policy is the server's. */
interface PasswordVerdict {
  ok: boolean
  /** zxcvbn's 0 (too guessable) .. 4 (very unguessable). */
  score: number
  /** Why it would be refused; '' when it would be accepted. */
  reason: string
}

function checkPassword(password: string, username = '', signal?: AbortSignal): Promise<PasswordVerdict> {
  return api.post<PasswordVerdict>('/auth/password-check', { password, username }, { auth: false, signal })
}

const WORDS = ['Too weak', 'Weak', 'Fair', 'Good', 'Strong'] as const
const COLOURS = ['red.500', 'orange.500', 'yellow.500', 'green.500', 'green.600'] as const

/**
 * A strength meter for a new-password field, with the reason a password would be refused. Asks the
 * server (the authority, which refuses the same passwords on save) a moment after typing stops; no
 * estimator is downloaded to the browser. Used by the sign-in page's new-password step and the
 * account page's password change.
 */
export function PasswordStrength({ password, username = '', delayMs = 300 }: { password: string; username?: string; delayMs?: number }) {
  // The answer for the password it was asked about: a stale one (typing went on) is not shown.
  const [answer, setAnswer] = useState<{ password: string; verdict: PasswordVerdict | null; error: string | null } | null>(null)
  const current = answer && answer.password === password ? answer : null
  const verdict = current?.verdict ?? null
  const error = current?.error ?? null

  useEffect(() => {
    if (!password) return
    const controller = new AbortController()
    const timer = window.setTimeout(() => {
      checkPassword(password, username, controller.signal).then(
        (result) => setAnswer({ password, verdict: result, error: null }),
        (failure: unknown) => {
          if (!controller.signal.aborted) setAnswer({ password, verdict: null, error: errorMessage(failure) })
        },
      )
    }, delayMs)
    return () => {
      window.clearTimeout(timer)
      controller.abort()
    }
  }, [password, username, delayMs])

  if (!password) return null
  const score = verdict ? Math.max(0, Math.min(4, verdict.score)) : -1
  const word = verdict ? (verdict.ok ? WORDS[score] : WORDS[Math.min(score, 1)]) : 'Checking…'
  return (
    <Stack gap="1" aria-live="polite" data-testid="password-strength" data-score={score} data-ok={verdict ? String(verdict.ok) : undefined}>
      <HStack gap="1" aria-hidden>
        {[0, 1, 2, 3].map((i) => (
          <Box key={i} flex="1" h="1.5" borderRadius="full" bg={verdict && i < Math.max(1, score) ? COLOURS[score] : 'border.muted'} />
        ))}
      </HStack>
      <Text fontSize="xs" color={verdict && !verdict.ok ? 'fg.error' : 'fg.muted'} data-testid="password-strength-text">
        {error ?? (verdict && !verdict.ok && verdict.reason ? `${word}: ${verdict.reason}` : `Strength: ${word}`)}
      </Text>
    </Stack>
  )
}
