import { Alert, Box, Center, Flex, Link, Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { Link as RouterLink } from 'react-router-dom'

import { BlueprintGrid, BrandMark } from '@/components/blueprint'
import { BrandPanel } from './brand-panel'

export type AuthVariant = 'card' | 'split'

/**
 * The frame of the template's authentication pages. 'card' (the template's first style): a card
 * in the middle of the blueprint background. 'split' (the "-2" pages): the branded panel on the
 * left and the form in a full-height panel on the right.
 */
export function AuthFrame({ variant, testId, children }: { variant: AuthVariant; testId: string; children: ReactNode }) {
  if (variant === 'split') {
    return (
      <Flex minH="100dvh" bg="bg" data-testid={testId} data-variant="split">
        <BrandPanel />
        <Flex
          w={{ base: 'full', lg: '520px' }}
          flexShrink={0}
          direction="column"
          px={{ base: '5', sm: '10', lg: '14' }}
          py={{ base: '8', sm: '12' }}
          bg="bg.panel"
          borderLeftWidth={{ base: '0', lg: '1px' }}
          borderColor="border.muted"
        >
          <BrandMark />
          <Flex flex="1" align="center" py="10">
            <Box w="full" maxW="420px" mx="auto">
              {children}
            </Box>
          </Flex>
        </Flex>
      </Flex>
    )
  }
  return (
    <Center
      minH="100dvh"
      px="4"
      py="10"
      position="relative"
      overflow="hidden"
      bgGradient="to-br"
      gradientFrom="#042f2e"
      gradientVia="#0b1f33"
      gradientTo="#0b1220"
      data-testid={testId}
      data-variant="card"
    >
      <BlueprintGrid />
      <Box position="relative" w="full" maxW="440px" bg="bg.panel" borderRadius="2xl" boxShadow="2xl" p={{ base: '6', sm: '10' }}>
        <Center mb="6">
          <BrandMark />
        </Center>
        {children}
      </Box>
    </Center>
  )
}

/** Says the page is a layout from the template and where the real thing is. */
export function DemoNotice({ children }: { children?: ReactNode }) {
  return (
    <Alert.Root status="info" variant="subtle" borderRadius="lg" mb="6" data-testid="auth-demo-notice">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>A layout from the template</Alert.Title>
        <Alert.Description>
          {children ?? 'This page shows the design only; nothing you type here is sent.'}{' '}
          <Link asChild color="brand.fg" fontWeight="semibold">
            <RouterLink to="/login" data-testid="auth-demo-sign-in">
              Sign in to the portal
            </RouterLink>
          </Link>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  )
}

export function AuthTitle({ title, lead }: { title: string; lead?: ReactNode }) {
  return (
    <Box mb="6">
      <Text as="h1" fontSize="2xl" fontWeight="bold" data-testid="auth-title">
        {title}
      </Text>
      {lead && (
        <Text color="fg.muted" mt="1">
          {lead}
        </Text>
      )}
    </Box>
  )
}

export function AuthFooterLink({ text, to, label }: { text: string; to: string; label: string }) {
  return (
    <Text mt="6" fontSize="sm" color="fg.muted" textAlign="center">
      {text}{' '}
      <Link asChild color="brand.fg" fontWeight="semibold">
        <RouterLink to={to}>{label}</RouterLink>
      </Link>
    </Text>
  )
}
