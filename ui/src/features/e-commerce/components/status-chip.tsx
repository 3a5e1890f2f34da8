import { Badge } from '@chakra-ui/react'

import type { OrderStatus } from '../api'
import { statusColours } from '../pricing'

/** An order status in its colour from the data. */
export function StatusChip({ status, testId }: { status: OrderStatus; testId?: string }) {
  const { bg, fg } = statusColours(status.color)
  return (
    <Badge bg={bg} color={fg} variant="solid" size="sm" borderRadius="full" px="2.5" whiteSpace="nowrap" data-testid={testId} data-status={status.id}>
      {status.name}
    </Badge>
  )
}
