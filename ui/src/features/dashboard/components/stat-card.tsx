import { Box, Flex, Skeleton, Text } from '@chakra-ui/react'
import type { ComponentType, ReactNode } from 'react'

import { cardStyle } from '@/components/card-style'

interface StatCardProps {
  label: string
  value: number | null
  hint: ReactNode
  icon: ComponentType<{ boxSize?: string }>
  testId: string
}

const numberFormat = new Intl.NumberFormat('en')

export function StatCard({ label, value, hint, icon: IconComponent, testId }: StatCardProps) {
  return (
    <Box
      {...cardStyle}
      p="5"
      data-testid={testId}
      aria-busy={value === null}
    >
      <Flex justify="space-between" align="flex-start" gap="4">
        <Box minW="0">
          <Text fontSize="sm" fontWeight="medium" color="fg.muted">
            {label}
          </Text>
          {value === null ? (
            <Skeleton h="9" w="20" mt="2" />
          ) : (
            <Text fontSize="3xl" fontWeight="bold" mt="1" lineHeight="short" data-testid={`${testId}-value`}>
              {numberFormat.format(value)}
            </Text>
          )}
        </Box>
        <Flex boxSize="11" align="center" justify="center" borderRadius="lg" bg="brand.muted" color="brand.fg" flexShrink={0}>
          <IconComponent boxSize="5" />
        </Flex>
      </Flex>
      <Text fontSize="sm" color="fg.subtle" mt="3">
        {hint}
      </Text>
    </Box>
  )
}
