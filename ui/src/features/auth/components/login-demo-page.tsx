import { Button, Checkbox, Field, HStack, Input, Link, Stack } from '@chakra-ui/react'
import { useNavigate } from 'react-router-dom'
import { Link as RouterLink } from 'react-router-dom'

import { AuthFooterLink, AuthFrame, AuthTitle, DemoNotice, type AuthVariant } from './auth-frame'

/** /pages/auth/login and /pages/auth/login-2: the template's sign-in layouts (a demonstration; the real one is /login). */
export default function LoginDemoPage({ variant }: { variant: AuthVariant }) {
  const navigate = useNavigate()
  const forgot = variant === 'split' ? '/pages/auth/forgot-password-2' : '/pages/auth/forgot-password'
  return (
    <AuthFrame variant={variant} testId="auth-login-demo">
      <AuthTitle title="Login to your account" />
      <DemoNotice>The portal's sign-in (with two-step codes and company sign-in) is its own page.</DemoNotice>
      <Stack
        as="form"
        gap="4"
        onSubmit={(event) => {
          event.preventDefault()
          navigate('/login')
        }}
      >
        <Field.Root>
          <Field.Label>Email or username</Field.Label>
          <Input autoComplete="off" placeholder="name@company.com" />
        </Field.Root>
        <Field.Root>
          <Field.Label>Password</Field.Label>
          <Input type="password" autoComplete="off" />
        </Field.Root>
        <HStack justify="space-between">
          <Checkbox.Root size="sm">
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>Remember me</Checkbox.Label>
          </Checkbox.Root>
          <Link asChild fontSize="sm" color="brand.fg">
            <RouterLink to={forgot}>Forgot password?</RouterLink>
          </Link>
        </HStack>
        <Button type="submit" colorPalette="brand" size="lg">
          Continue to the sign-in page
        </Button>
      </Stack>
      <AuthFooterLink text="Don't have an account?" to={variant === 'split' ? '/pages/auth/register-2' : '/pages/auth/register'} label="Create an account" />
    </AuthFrame>
  )
}
