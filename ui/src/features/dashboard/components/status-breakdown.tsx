import { Box, Flex, HStack, SimpleGrid, Skeleton, Text } from '@chakra-ui/react'

import type { Count as StatusCount } from '../stats'
import { statusColor } from '@/lib/record-colors'

const numberFormat = new Intl.NumberFormat('en')

function percent(count: number, total: number): string {
  if (total === 0) return '0%'
  return `${Math.round((count / total) * 100)}%`
}

export function StatusBreakdownSkeleton() {
  return (
    <Box aria-busy="true">
      <Skeleton h="3" borderRadius="full" />
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="4" mt="6">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} h="20" borderRadius="lg" />
        ))}
      </SimpleGrid>
    </Box>
  )
}

export function StatusBreakdown({ counts }: { counts: StatusCount[] }) {
  const total = counts.reduce((sum, s) => sum + s.count, 0)
  return (
    <Box>
      <Flex
        h="3"
        borderRadius="full"
        overflow="hidden"
        bg="bg.muted"
        role="img"
        aria-label={counts.map((s) => `${s.label}: ${s.count}`).join(', ')}
        data-testid="asset-status-bar"
      >
        {total > 0 &&
          counts
            .filter((s) => s.count > 0)
            .map((s) => (
              <Box
                key={s.value}
                h="full"
                w={`${(s.count / total) * 100}%`}
                bg={statusColor(s.value, s.color)}
                title={`${s.label}: ${s.count}`}
              />
            ))}
      </Flex>
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="4" mt="6">
        {counts.map((s) => {
          const color = statusColor(s.value, s.color)
          return (
            <Box
              key={s.value}
              p="4"
              borderRadius="lg"
              bg="bg.subtle"
              borderWidth="1px"
              borderColor="border.muted"
              borderLeftWidth="4px"
              borderLeftColor={color}
              data-testid={`asset-status-${s.value}`}
            >
              <HStack gap="2">
                <Box boxSize="2.5" borderRadius="full" bg={color} borderWidth="1px" borderColor="border.emphasized" />
                <Text fontSize="sm" fontWeight="medium" color="fg.muted">
                  {s.label}
                </Text>
              </HStack>
              <HStack mt="2" align="baseline" gap="2">
                <Text fontSize="2xl" fontWeight="bold" data-testid={`asset-status-${s.value}-count`}>
                  {numberFormat.format(s.count)}
                </Text>
                <Text fontSize="sm" color="fg.subtle">
                  {percent(s.count, total)}
                </Text>
              </HStack>
            </Box>
          )
        })}
      </SimpleGrid>
    </Box>
  )
}
