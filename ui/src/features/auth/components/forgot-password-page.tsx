import { Alert, Button, Field, Input, Stack } from '@chakra-ui/react'
import { useState } from 'react'

import { requestPasswordReset } from '../account-recovery-api'
import { useAuthCall } from '../use-auth-call'

import { AuthFooterLink, AuthFrame, AuthTitle, type AuthVariant } from './auth-frame'

/**
 * /pages/auth/forgot-password (and -2, the split layout): asks for a reset link by e-mail. The
 * answer is the same for every address, so the page never tells who has an account.
 */
export default function ForgotPasswordPage({ variant }: { variant: AuthVariant }) {
  const [email, setEmail] = useState('')
  const [sent, setSent] = useState<string | null>(null)
  const { busy, error, run } = useAuthCall()
  const submit = () => run(async () => setSent((await requestPasswordReset(email.trim())).message))
  return (
    <AuthFrame variant={variant} testId="auth-forgot-password">
      <AuthTitle title="Recover your password" lead="Enter the e-mail address or username of your portal account; we send a link to choose a new password." />
      {sent ? (
        <Alert.Root status="success" borderRadius="lg" data-testid="forgot-password-sent">
          <Alert.Indicator />
          <Alert.Description>{sent}</Alert.Description>
        </Alert.Root>
      ) : (
        <Stack
          as="form"
          gap="4"
          onSubmit={(event) => {
            event.preventDefault()
            if (email.trim()) void submit()
          }}
        >
          <Field.Root required invalid={Boolean(error)}>
            <Field.Label>Email or username</Field.Label>
            <Input type="text" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} data-testid="forgot-password-email" autoFocus />
            {error && <Field.ErrorText data-testid="forgot-password-error">{error}</Field.ErrorText>}
          </Field.Root>
          <Button type="submit" colorPalette="brand" size="lg" loading={busy} disabled={!email.trim()} data-testid="forgot-password-submit">
            Send reset link
          </Button>
        </Stack>
      )}
      <AuthFooterLink text="Remembered it?" to="/login" label="Go back to sign in" />
    </AuthFrame>
  )
}
