import { Alert, Box, HStack } from '@chakra-ui/react'
import type { ReactNode } from 'react'

import { PageHeader } from '@/components/page-header'
import { errorMessage } from '@/data/client'

/**
 * An admin page built around one table: the title with the page's action, the filter row, the
 * load error when there is one, the table in its bordered scroller, then what follows it (`after`).
 */
export function AdminTablePage({
  testId,
  title,
  action,
  filters,
  error,
  table,
  after,
}: {
  testId: string
  title: ReactNode
  action: ReactNode
  filters: ReactNode
  error: unknown
  table: ReactNode
  after: ReactNode
}) {
  return (
    <Box px={{ base: '3', md: '6' }} py={{ base: '4', md: '6' }} data-testid={testId}>
      <PageHeader title={title} size="2xl" actions={action} mb="4" />
      <HStack gap="2" mb="3" wrap="wrap">
        {filters}
      </HStack>
      {error !== null && (
        <Alert.Root status="error" mb="3">
          <Alert.Indicator />
          <Alert.Title>{errorMessage(error)}</Alert.Title>
        </Alert.Root>
      )}
      <Box overflowX="auto" borderWidth="1px" borderColor="border.muted" borderRadius="lg">
        {table}
      </Box>
      {after}
    </Box>
  )
}
