import { Center, Spinner } from '@chakra-ui/react'

/** Shown while a lazily loaded page arrives. */
export function PageLoader() {
  return (
    <Center minH="60vh" role="status" aria-label="Loading page">
      <Spinner size="lg" color="brand.solid" />
    </Center>
  )
}
