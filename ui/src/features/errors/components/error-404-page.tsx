import { Box, Button, Center, Heading, HStack, Text, VStack } from '@chakra-ui/react'
import { Link as RouterLink } from 'react-router-dom'

import { ArrowLeftIcon } from '@/components/icons'
import { Logo } from '@/components/logo'

/** /pages/errors/error-404: where every unknown path lands. Open to everyone. */
export default function Error404Page() {
  return (
    <Center minH="100dvh" px="6" py="16" position="relative" overflow="hidden" data-testid="error-404-page">
      <Box
        position="absolute"
        inset="0"
        opacity="0.12"
        pointerEvents="none"
        backgroundImage="linear-gradient(rgba(94,234,212,0.5) 1px, transparent 1px), linear-gradient(90deg, rgba(94,234,212,0.5) 1px, transparent 1px)"
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
          gradientFrom="brand.300"
          gradientTo="#0ea5e9"
          bgClip="text"
          color="transparent"
          aria-hidden="true"
        >
          404
        </Text>
        <Heading as="h1" size={{ base: 'xl', md: '2xl' }} fontWeight="semibold">
          Sorry but we could not find the page you are looking for
        </Heading>
        <Text color="fg.muted">The link may be broken, or the page may have moved.</Text>
        <Button asChild colorPalette="brand" size="lg">
          <RouterLink to="/dashboard" data-testid="error-404-back">
            <ArrowLeftIcon /> Back to Dashboard
          </RouterLink>
        </Button>
      </VStack>
    </Center>
  )
}
