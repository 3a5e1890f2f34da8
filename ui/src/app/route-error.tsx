import { Button, Center, Heading, Text, VStack } from '@chakra-ui/react'
import { Component, type ReactNode } from 'react'

import { Logo } from '@/components/logo'
import { RefreshIcon } from '@/components/icons'

/** Shown when a page fails to load or render (e.g. a new version was deployed meanwhile). */
export function RouteError({ error }: { error: unknown }) {
  const detail = error instanceof Error ? error.message : null
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

interface BoundaryProps {
  /** The current location's key: going elsewhere clears the error (as the data router did). */
  locationKey: string
  children: ReactNode
}

interface BoundaryState {
  failed: boolean
  error: unknown
  locationKey: string
}

/**
 * Catches what a page throws while loading or rendering (a failed lazy chunk above all) and shows
 * RouteError in place of the whole route tree. The declarative router has no errorElement.
 */
export class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  state: BoundaryState = { failed: false, error: null, locationKey: this.props.locationKey }

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failed: true, error }
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.locationKey === state.locationKey ? null : { failed: false, error: null, locationKey: props.locationKey }
  }

  render() {
    return this.state.failed ? <RouteError error={this.state.error} /> : this.props.children
  }
}
