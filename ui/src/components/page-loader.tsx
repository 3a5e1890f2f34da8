import { Center, Spinner, Text, VStack } from '@chakra-ui/react'

/** Shown while a lazily loaded page arrives; ``label`` says what is going on (e.g. "Logging out.."). */
export function PageLoader({ label }: { label?: string }) {
  return (
    <Center minH="60vh" role="status" aria-label={label ?? 'Loading page'}>
      <VStack gap="4">
        <Spinner size="lg" color="brand.solid" />
        {label && (
          <Text fontSize="lg" color="fg.muted">
            {label}
          </Text>
        )}
      </VStack>
    </Center>
  )
}
