import { Box, Button, Center, Heading, HStack, Text, VStack } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { Link as RouterLink } from 'react-router-dom'

import { ArrowLeftIcon } from '@/components/icons'
import { Logo } from '@/components/logo'

interface ErrorScreenProps {
  /** The status shown big: 404, 500. */
  code: number
  /** The blueprint grid's and the big figure's colours. */
  grid: string
  gradientFrom: string
  gradientTo: string
  title: string
  children: ReactNode
}

/** The full-screen error pages (404, 500): the figure, what happened, and a way back to the dashboard. */
export function ErrorScreen({ code, grid, gradientFrom, gradientTo, title, children }: ErrorScreenProps) {
  return (
    <Center minH="100dvh" px="6" py="16" position="relative" overflow="hidden" data-testid={`error-${code}-page`}>
      <Box
        position="absolute"
        inset="0"
        opacity="0.12"
        pointerEvents="none"
        backgroundImage={`linear-gradient(${grid} 1px, transparent 1px), linear-gradient(90deg, ${grid} 1px, transparent 1px)`}
        backgroundSize="40px 40px"
        css={{ maskImage: 'radial-gradient(circle at 50% 45%, black 10%, transparent 60%)' }}
      />
      <VStack gap="6" maxW="lg" textAlign="center" position="relative">
        <HStack gap="3">
          <Logo boxSize="8" />
          <Text fontWeight="semibold" letterSpacing="wide">
            Staff Portal
          </Text>
        </HStack>
        <Text
          as="p"
          fontSize={{ base: '8xl', md: '9xl' }}
          fontWeight="black"
          lineHeight="1"
          letterSpacing="tight"
          bgGradient="to-br"
          gradientFrom={gradientFrom}
          gradientTo={gradientTo}
          bgClip="text"
          color="transparent"
          aria-hidden="true"
        >
          {code}
        </Text>
        <Heading as="h1" size={{ base: 'xl', md: '2xl' }} fontWeight="semibold">
          {title}
        </Heading>
        <Text color="fg.muted">{children}</Text>
        <Button asChild colorPalette="brand" size="lg">
          <RouterLink to="/dashboard" data-testid={`error-${code}-back`}>
            <ArrowLeftIcon /> Back to Dashboard
          </RouterLink>
        </Button>
      </VStack>
    </Center>
  )
}
