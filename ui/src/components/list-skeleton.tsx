import { Flex, Skeleton, Stack } from '@chakra-ui/react'
import type { ReactNode } from 'react'

/** Placeholder rows while a list loads: a leading shape (avatar, checkbox) and lines of the given widths. */
export function ListSkeleton({ rows, lead, lines }: { rows: number; lead: ReactNode; lines: string[] }) {
  return (
    <Stack gap="0">
      {Array.from({ length: rows }, (_, i) => (
        <Flex key={i} gap="3" p="4" borderBottomWidth="1px" borderColor="border.muted">
          {lead}
          <Stack flex="1" gap="2">
            {lines.map((w, j) => (
              <Skeleton key={j} h="3" w={w} />
            ))}
          </Stack>
        </Flex>
      ))}
    </Stack>
  )
}
