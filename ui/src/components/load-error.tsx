import { Alert, Button, type AlertRootProps } from '@chakra-ui/react'

import { RefreshIcon } from '@/components/icons'
import { errorMessage } from '@/data/client'

/** A load that failed: what could not be loaded, the server's reason, and a 'Try again' button. */
export function LoadError({
  title,
  error,
  onRetry,
  testId,
  ...rest
}: { title: string; error: unknown; onRetry: () => void; testId?: string } & Omit<AlertRootProps, 'title'>) {
  return (
    <Alert.Root status="error" borderRadius="lg" data-testid={testId} {...rest}>
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
