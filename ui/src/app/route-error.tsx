import { Button, Center, Heading, Text, VStack } from '@chakra-ui/react'
import { isRouteErrorResponse, useRouteError } from 'react-router-dom'

import { Logo } from '@/components/logo'
import { RefreshIcon } from '@/components/icons'

/** Shown when a page fails to load or render (e.g. a new version was deployed meanwhile). */
export function RouteError() {
  const error = useRouteError()
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : null
  return (
    <Center minH="100dvh" px="6" bg="bg">
      <VStack gap="5" maxW="md" textAlign="center">
        <Logo boxSize="14" />
        <Heading size="2xl">Something went wrong</Heading>
        <Text color="fg.muted">
          This page could not be shown. Reloading usually fixes it; if it does not, tell your administrator.
        </Text>
        {detail && (
          <Text fontFamily="mono" fontSize="sm" color="fg.subtle" wordBreak="break-word">
            {detail}
          </Text>
        )}
        <Button colorPalette="brand" onClick={() => window.location.reload()}>
          <RefreshIcon /> Reload
        </Button>
      </VStack>
    </Center>
  )
}
