import { Alert, Button } from '@chakra-ui/react'

import { RefreshIcon } from '@/components/icons'
import { errorMessage } from '@/data/client'

export function LoadError({ title, error, onRetry, testId }: { title: string; error: unknown; onRetry: () => void; testId?: string }) {
  return (
    <Alert.Root status="error" borderRadius="lg" data-testid={testId}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        <Alert.Description>{errorMessage(error)}</Alert.Description>
      </Alert.Content>
      <Button size="sm" variant="outline" onClick={onRetry}>
        <RefreshIcon /> Try again
      </Button>
    </Alert.Root>
  )
}
