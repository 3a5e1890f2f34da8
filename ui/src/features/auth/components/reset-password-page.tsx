import { Alert, Button, Field, Input, Stack } from '@chakra-ui/react'
import { useState } from 'react'
import { Link as RouterLink, useSearchParams } from 'react-router-dom'

import { PasswordStrength } from '@/components/ui/password-strength'

import { resetPassword } from '../account-recovery-api'
import { useAuthCall } from '../use-auth-call'

import { AuthFooterLink, AuthFrame, AuthTitle, type AuthVariant } from './auth-frame'

/**
 * /pages/auth/reset-password?token=… (and -2): choose a new password with the link from the
 * e-mail. The portal's password rules apply (the strength meter asks the server); afterwards every
 * session of the account is signed out.
 */
export default function ResetPasswordPage({ variant }: { variant: AuthVariant }) {
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const [password, setPassword] = useState('')
  const [confirm, setConfirm] = useState('')
  const [done, setDone] = useState<string | null>(null)
  const { busy, error: message, errors, run } = useAuthCall()
  const forgot = variant === 'split' ? '/pages/auth/forgot-password-2' : '/pages/auth/forgot-password'
  const mismatch = confirm.length > 0 && confirm !== password

  const submit = () => run(async () => setDone((await resetPassword(token, password)).message))

  return (
    <AuthFrame variant={variant} testId="auth-reset-password">
      <AuthTitle title="Reset your password" lead="Choose a new password for your portal account. You will be signed out on every device." />
      {!token ? (
        <Alert.Root status="warning" borderRadius="lg" data-testid="reset-password-no-token">
          <Alert.Indicator />
          <Alert.Description>
            Open this page from the link in the password reset e-mail.{' '}
            <RouterLink to={forgot}>
              <strong>Ask for a reset link</strong>
            </RouterLink>
          </Alert.Description>
        </Alert.Root>
      ) : done ? (
        <Stack gap="4">
          <Alert.Root status="success" borderRadius="lg" data-testid="reset-password-done">
            <Alert.Indicator />
            <Alert.Description>{done}</Alert.Description>
          </Alert.Root>
          <Button asChild colorPalette="brand" size="lg">
            <RouterLink to="/login" data-testid="reset-password-sign-in">
              Sign in
            </RouterLink>
          </Button>
        </Stack>
      ) : (
        <Stack
          as="form"
          gap="4"
          onSubmit={(event) => {
            event.preventDefault()
            if (password && !mismatch) void submit()
          }}
        >
          {message && (
            <Alert.Root status="error" borderRadius="lg" data-testid="reset-password-error">
              <Alert.Indicator />
              <Alert.Description>
                {message}
                {errors.token && (
                  <>
                    {' '}
                    <RouterLink to={forgot}>
                      <strong>Ask for a new link</strong>
                    </RouterLink>
                  </>
                )}
              </Alert.Description>
            </Alert.Root>
          )}
          <Field.Root required invalid={Boolean(errors.newPassword)}>
            <Field.Label>New password</Field.Label>
            <Input type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} data-testid="reset-password-new" autoFocus />
            {errors.newPassword && <Field.ErrorText>{errors.newPassword}</Field.ErrorText>}
          </Field.Root>
          <PasswordStrength password={password} />
          <Field.Root required invalid={mismatch}>
            <Field.Label>New password (confirm)</Field.Label>
            <Input type="password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} data-testid="reset-password-confirm" />
            {mismatch && <Field.ErrorText>The passwords do not match.</Field.ErrorText>}
          </Field.Root>
          <Button type="submit" colorPalette="brand" size="lg" loading={busy} disabled={!password || confirm !== password} data-testid="reset-password-submit">
            Reset my password
          </Button>
        </Stack>
      )}
      <AuthFooterLink text="" to="/login" label="Go back to sign in" />
    </AuthFrame>
  )
}
