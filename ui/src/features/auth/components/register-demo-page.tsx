import { Button, Field, Input, Stack } from '@chakra-ui/react'

import { AuthFooterLink, AuthFrame, AuthTitle, DemoNotice, type AuthVariant } from './auth-frame'

/** /pages/auth/register and register-2: the template's registration layouts. Staff accounts are made by an administrator. */
export default function RegisterDemoPage({ variant }: { variant: AuthVariant }) {
  return (
    <AuthFrame variant={variant} testId="auth-register-demo">
      <AuthTitle title="Create an account" />
      <DemoNotice>Staff accounts are created by an administrator (Admin › Users), so this form creates nothing.</DemoNotice>
      <Stack as="form" gap="4" onSubmit={(event) => event.preventDefault()}>
        <Field.Root>
          <Field.Label>Name</Field.Label>
          <Input autoComplete="off" />
        </Field.Root>
        <Field.Root>
          <Field.Label>Email</Field.Label>
          <Input type="email" autoComplete="off" />
        </Field.Root>
        <Field.Root>
          <Field.Label>Password</Field.Label>
          <Input type="password" autoComplete="off" />
        </Field.Root>
        <Field.Root>
          <Field.Label>Password (confirm)</Field.Label>
          <Input type="password" autoComplete="off" />
        </Field.Root>
        <Button type="submit" colorPalette="brand" size="lg" disabled>
          Create an account
        </Button>
      </Stack>
      <AuthFooterLink text="Already have an account?" to="/login" label="Sign in" />
    </AuthFrame>
  )
}
