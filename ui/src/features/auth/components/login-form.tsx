import { Alert, Box, Button, Heading, Stack, Text } from '@chakra-ui/react'
import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react'

import { ArrowLeftIcon, ShieldIcon } from '@/components/icons'
import { LightCheckbox } from '@/components/ui/light-checkbox'
import { LightField } from '@/components/ui/light-field'
import { getConfig } from '@/lib/config'

import { CODE_LENGTH, isLoginEnabled, MIN_NEW_PASSWORD_LENGTH, type LoginValues } from '../login-rules'
import { companySignInUrl, takeCompanyReturn } from '../oidc'
import { useLogin } from '../use-login'

// Only the new-password step shows the meter: it loads then, not with /login.
const PasswordStrength = lazy(() =>
  import('@/components/ui/password-strength').then((module) => ({ default: module.PasswordStrength })),
)

const emptyValues: LoginValues = { username: '', password: '', newPassword: '', code: '' }

function StepHeading({ overline, title, text }: { overline: string; title: string; text: string }) {
  return (
    <Stack gap="2">
      <Heading as="h1" size="xs" fontWeight="bold" letterSpacing="widest" color="brand.fg">
        {overline}
      </Heading>
      <Heading as="h2" size="2xl" fontWeight="bold">
        {title}
      </Heading>
      <Text color="fg.muted">{text}</Text>
    </Stack>
  )
}

export function LoginForm() {
  const { state, pending, submit, restart, completeCompanySignIn, showError } = useLogin()
  const [values, setValues] = useState<LoginValues>(emptyValues)
  const [remember, setRemember] = useState(true)
  const { step, fieldErrors } = state
  const enabled = isLoginEnabled(step, values)
  const companyName = getConfig().oidcName
  const companyReturn = useRef(takeCompanyReturn())

  // Back from company sign-in: exchange its one-time code, or say why it was refused.
  useEffect(() => {
    const back = companyReturn.current
    companyReturn.current = null
    if (back?.kind === 'code') void completeCompanySignIn(back.code)
    else if (back?.kind === 'error') showError(back.message)
    // once, on the first render
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  const set = (field: keyof LoginValues) => (event: { currentTarget: HTMLInputElement }) => {
    const value = event.currentTarget.value
    setValues((v) => ({ ...v, [field]: field === 'code' ? value.replace(/\D/g, '').slice(0, CODE_LENGTH) : value }))
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!enabled || pending) return
    void submit(values, remember)
  }

  const startOver = () => {
    restart()
    setValues((v) => ({ ...emptyValues, username: v.username }))
  }

  return (
    <Stack gap="8" w="full" colorPalette="brand">
      {step === 'credentials' && (
        <StepHeading overline="WELCOME BACK" title="Sign in" text="Use your staff account to continue." />
      )}
      {step === 'new-password' && (
        <StepHeading
          overline="SECURE YOUR ACCOUNT"
          title="Choose a new password"
          text={`Your account needs a new password before you continue. Use at least ${MIN_NEW_PASSWORD_LENGTH} characters.`}
        />
      )}
      {step === 'totp' && (
        <StepHeading
          overline="TWO-STEP VERIFICATION"
          title="Enter your code"
          text={`Open your authenticator app and enter the ${CODE_LENGTH}-digit code for the staff portal.`}
        />
      )}

      <form onSubmit={onSubmit} noValidate aria-label="Sign in" data-testid="login-form">
        <Stack gap="5">
          {step === 'credentials' && (
            <>
              <LightField
                label="Username"
                invalid={Boolean(fieldErrors.username)}
                disabled={pending}
                errorText={fieldErrors.username}
                id="login-username"
                name="username"
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                autoFocus
                required
                size="lg"
                value={values.username}
                onChange={set('username')}
                data-testid="login-username"
              />
              <LightField
                label="Password"
                invalid={Boolean(fieldErrors.password)}
                disabled={pending}
                errorText={fieldErrors.password}
                id="login-password"
                name="password"
                type="password"
                autoComplete="current-password"
                required
                size="lg"
                value={values.password}
                onChange={set('password')}
                data-testid="login-password"
              />
              <LightCheckbox
                checked={remember}
                onCheckedChange={setRemember}
                disabled={pending}
                colorPalette="brand"
                alignSelf="flex-start"
                data-testid="login-remember"
                inputProps={{ name: 'remember', 'data-testid': 'login-remember-input' }}
              >
                Remember Me
              </LightCheckbox>
            </>
          )}

          {step === 'new-password' && (
            <>
              {/* Lets password managers store the new password for the right account. */}
              <input type="text" name="username" autoComplete="username" value={values.username} readOnly hidden />
              <LightField
                label="New Password"
                invalid={Boolean(fieldErrors.newPassword)}
                disabled={pending}
                errorText={fieldErrors.newPassword}
                helperText={fieldErrors.newPassword ? undefined : <>At least {MIN_NEW_PASSWORD_LENGTH} characters.</>}
                id="login-new-password"
                name="new-password"
                type="password"
                autoComplete="new-password"
                autoFocus
                required
                minLength={MIN_NEW_PASSWORD_LENGTH}
                size="lg"
                value={values.newPassword}
                onChange={set('newPassword')}
                data-testid="login-new-password"
              />
              <Suspense fallback={null}>
                <PasswordStrength password={values.newPassword} username={values.username} />
              </Suspense>
            </>
          )}

          {step === 'totp' && (
            <>
              {state.changePasswordSuccess && (
                <Alert.Root status="success" variant="subtle" borderRadius="md" data-testid="login-password-changed">
                  <Alert.Indicator />
                  <Alert.Title>Your new password is saved.</Alert.Title>
                </Alert.Root>
              )}
              <LightField
                label="Code"
                invalid={Boolean(fieldErrors.code)}
                disabled={pending}
                errorText={fieldErrors.code}
                id="login-code"
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9]*"
                maxLength={CODE_LENGTH}
                placeholder="123456"
                autoFocus
                required
                size="lg"
                fontFamily="mono"
                fontSize="xl"
                letterSpacing="0.5em"
                value={values.code}
                onChange={set('code')}
                data-testid="login-code"
              />
            </>
          )}

          <Button
            type="submit"
            size="lg"
            colorPalette="brand"
            fontWeight="bold"
            letterSpacing="wider"
            disabled={!enabled}
            loading={pending}
            mt="2"
            data-testid="login-submit"
          >
            LOGIN
          </Button>

          {step !== 'credentials' && (
            <Button
              type="button"
              variant="ghost"
              size="sm"
              alignSelf="center"
              onClick={startOver}
              disabled={pending}
              data-testid="login-start-over"
            >
              <ArrowLeftIcon /> Back to sign in
            </Button>
          )}
        </Stack>
      </form>

      {step === 'credentials' && companyName && (
        <Stack gap="4">
          <Stack direction="row" align="center" gap="3" color="fg.subtle" fontSize="sm">
            <Box flex="1" h="1px" bg="border" />
            <Text>or</Text>
            <Box flex="1" h="1px" bg="border" />
          </Stack>
          <Button
            type="button"
            size="lg"
            variant="outline"
            colorPalette="brand"
            disabled={pending}
            onClick={() => window.location.assign(companySignInUrl(remember))}
            data-testid="login-company"
          >
            Sign in with {companyName}
          </Button>
        </Stack>
      )}

      {state.error && (
        <Alert.Root status="error" variant="subtle" borderRadius="md" role="alert" data-testid="login-error">
          <Alert.Indicator />
          <Alert.Description color="fg.error" fontWeight="medium">
            {state.error}
          </Alert.Description>
        </Alert.Root>
      )}

      {step === 'credentials' && (
        <Stack direction="row" gap="2" align="center" color="fg.subtle" fontSize="sm">
          <ShieldIcon boxSize="4" />
          <Text>Staff accounts are created by an administrator.</Text>
        </Stack>
      )}
    </Stack>
  )
}
