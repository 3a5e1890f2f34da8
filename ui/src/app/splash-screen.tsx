import { Flex, Spinner } from '@chakra-ui/react'

import { Logo } from '@/components/logo'

/** Full-viewport splash shown while the startup session check runs (same look as index.html's). */
export function SplashScreen() {
  return (
    <Flex
      position="fixed"
      inset="0"
      direction="column"
      align="center"
      justify="center"
      gap="7"
      bg="bg"
      role="status"
      aria-label="Loading"
      data-testid="splash-screen"
    >
      <Logo boxSize="72px" />
      <Spinner size="lg" color="brand.solid" borderWidth="3px" animationDuration="0.8s" />
    </Flex>
  )
}
