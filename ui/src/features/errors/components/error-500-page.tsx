import { Box, Button, Center, Heading, HStack, Text, VStack } from '@chakra-ui/react'
import { Link as RouterLink } from 'react-router-dom'

import { ArrowLeftIcon } from '@/components/icons'
import { Logo } from '@/components/logo'

/** /pages/errors/error-500: the template's server error page. Open to everyone. */
export default function Error500Page() {
  return (
    <Center minH="100dvh" px="6" py="16" position="relative" overflow="hidden" data-testid="error-500-page">
      <Box
        position="absolute"
        inset="0"
        opacity="0.12"
        pointerEvents="none"
        backgroundImage="linear-gradient(rgba(251,146,60,0.5) 1px, transparent 1px), linear-gradient(90deg, rgba(251,146,60,0.5) 1px, transparent 1px)"
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
          gradientFrom="orange.300"
          gradientTo="red.500"
          bgClip="text"
          color="transparent"
          aria-hidden="true"
        >
          500
        </Text>
        <Heading as="h1" size={{ base: 'xl', md: '2xl' }} fontWeight="semibold">
          Well, you broke the internet!
        </Heading>
        <Text color="fg.muted">
          Just kidding — something went wrong on our side. The error has been logged with its request id; try again in a moment, and tell an administrator if it
          keeps happening.
        </Text>
        <Button asChild colorPalette="brand" size="lg">
          <RouterLink to="/dashboard" data-testid="error-500-back">
            <ArrowLeftIcon /> Back to Dashboard
          </RouterLink>
        </Button>
      </VStack>
    </Center>
  )
}
