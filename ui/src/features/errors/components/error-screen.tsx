import { Button, Center, Heading, Text, VStack } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { Link as RouterLink } from 'react-router-dom'

import { BlueprintGrid, BrandMark } from '@/components/blueprint'
import { ArrowLeftIcon } from '@/components/icons'

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
      <BlueprintGrid color={grid} cell={40} opacity={0.12} mask="radial-gradient(circle at 50% 45%, black 10%, transparent 60%)" />
      <VStack gap="6" maxW="lg" textAlign="center" position="relative">
        <BrandMark size="8" />
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
