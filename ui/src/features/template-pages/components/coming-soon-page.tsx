import { Alert, Box, Button, Center, Field, Flex, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react'
import { useEffect, useMemo, useState } from 'react'

import { Logo } from '@/components/logo'
import { api, errorMessage } from '@/data/client'

import { countdownParts, nextLaunch } from '../countdown'

interface Subscription {
  email: string
  subscribedAt: string
  already: boolean
}

function Unit({ value, label }: { value: number; label: string }) {
  return (
    <Stack gap="0" align="center" minW={{ base: '14', sm: '20' }}>
      <Text fontSize={{ base: '3xl', sm: '5xl' }} fontWeight="extrabold" lineHeight="1" fontVariantNumeric="tabular-nums" data-testid={`countdown-${label}`}>
        {String(value).padStart(2, '0')}
      </Text>
      <Text fontSize="xs" textTransform="uppercase" letterSpacing="widest" color="fg.muted">
        {label}
      </Text>
    </Stack>
  )
}

/** /pages/coming-soon: a countdown to the launch and a form that keeps your address for the launch notice. */
export default function ComingSoonPage() {
  const target = useMemo(() => nextLaunch(new Date()), [])
  const [now, setNow] = useState(() => new Date())
  const [email, setEmail] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [done, setDone] = useState<Subscription | null>(null)

  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 1000)
    return () => window.clearInterval(timer)
  }, [])
  const left = countdownParts(target, now)

  const submit = async () => {
    setBusy(true)
    setError(null)
    try {
      setDone(await api.post<Subscription>('/api/coming-soon/subscribe', { email: email.trim() }))
    } catch (failure) {
      setError(errorMessage(failure))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Center minH="100dvh" px="4" py="10" bgGradient="to-br" gradientFrom="#042f2e" gradientVia="#0b1f33" gradientTo="#0b1220" data-testid="coming-soon-page">
      <Box w="full" maxW="lg" bg="bg.panel" borderRadius="2xl" boxShadow="2xl" p={{ base: '6', sm: '10' }} textAlign="center">
        <Center mb="4">
          <Logo boxSize="14" />
        </Center>
        <Heading as="h1" size="2xl">
          Coming soon!
        </Heading>
        <Text color="fg.muted" mt="2">
          The portal’s next release — mobile inspections with photos, offline — is on its way. It goes live on{' '}
          {target.toLocaleDateString(undefined, { day: 'numeric', month: 'long', year: 'numeric' })}.
        </Text>
        <HStack justify="center" gap={{ base: '2', sm: '4' }} my="8" aria-label="Time to the launch" data-testid="countdown">
          <Unit value={left.days} label="days" />
          <Unit value={left.hours} label="hours" />
          <Unit value={left.minutes} label="minutes" />
          <Unit value={left.seconds} label="seconds" />
        </HStack>
        {done ? (
          <Alert.Root status="success" borderRadius="lg" textAlign="start" data-testid="coming-soon-done">
            <Alert.Indicator />
            <Alert.Description>
              {done.already ? `${done.email} was already on the list.` : `Thanks — we will write to ${done.email} on launch day.`}
            </Alert.Description>
          </Alert.Root>
        ) : (
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault()
              if (email.trim()) void submit()
            }}
          >
            <Stack gap="3" textAlign="start">
            <Text fontWeight="semibold">Get a note when it is live</Text>
            <Flex gap="2" direction={{ base: 'column', sm: 'row' }} align={{ sm: 'flex-start' }}>
              <Field.Root invalid={Boolean(error)} flex="1">
                <Input type="email" placeholder="name@company.com" aria-label="Email" value={email} onChange={(e) => setEmail(e.target.value)} data-testid="coming-soon-email" />
                {error && <Field.ErrorText data-testid="coming-soon-error">{error}</Field.ErrorText>}
              </Field.Root>
              <Button type="submit" colorPalette="brand" loading={busy} disabled={!email.trim()} data-testid="coming-soon-subscribe">
                Notify me
              </Button>
            </Flex>
            <Text fontSize="xs" color="fg.muted">
              The address is kept with the sample data and used for nothing else.
            </Text>
            </Stack>
          </form>
        )}
      </Box>
    </Center>
  )
}
