import { Center, chakra, Text } from '@chakra-ui/react'

import { AuthFooterLink, AuthFrame, AuthTitle, DemoNotice } from './auth-frame'

/** /pages/auth/mail-confirm: the template's "confirm your e-mail address" page. */
export default function MailConfirmPage() {
  return (
    <AuthFrame variant="card" testId="auth-mail-confirm">
      <Center mb="4">
        <chakra.svg viewBox="0 0 24 24" boxSize="16" color="brand.fg" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden>
          <path d="M3 5h18v14H3z" />
          <path d="M3 6l9 7 9-7" />
        </chakra.svg>
      </Center>
      <AuthTitle title="Confirm your email address!" lead="A confirmation e-mail has been sent to the address you registered with." />
      <DemoNotice>The portal does not send confirmation mails: an administrator sets each account's address.</DemoNotice>
      <Text color="fg.muted">Check your inbox and click the “Confirm my email” link to confirm your email address.</Text>
      <AuthFooterLink text="" to="/login" label="Go back to the sign-in page" />
    </AuthFrame>
  )
}
