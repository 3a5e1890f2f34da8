import { Skeleton, Table } from '@chakra-ui/react'
import type { ReactNode } from 'react'

/** Placeholder rows while a table loads. */
export function LoadingRows({ columns, rows = 6 }: { columns: number; rows?: number }) {
  return Array.from({ length: rows }, (_, i) => (
    <Table.Row key={i}>
      <Table.Cell colSpan={columns}>
        <Skeleton h="8" />
      </Table.Cell>
    </Table.Row>
  ))
}

/** The one row of a table that has nothing to show. */
export function EmptyRow({ columns, testId, children }: { columns: number; testId: string; children: ReactNode }) {
  return (
    <Table.Row>
      <Table.Cell colSpan={columns} textAlign="center" py="10" color="fg.muted" data-testid={testId}>
        {children}
      </Table.Cell>
    </Table.Row>
  )
}
