import { Button, Skeleton, Table } from '@chakra-ui/react'
import type { ReactNode } from 'react'

import { ArrowDownIcon, ArrowUpIcon } from './icons'

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

/** A column header that sorts by its column: the arrow shows the direction while it is the sort; `hideBelow` hides the column on narrower screens. */
export function SortHeader({
  label,
  active,
  descending,
  onSort,
  hideBelow,
  testId,
}: {
  label: ReactNode
  active: boolean
  descending: boolean
  onSort: () => void
  hideBelow?: 'sm' | 'md' | 'lg' | 'xl' | '2xl'
  testId: string
}) {
  return (
    <Table.ColumnHeader display={hideBelow ? { base: 'none', [hideBelow]: 'table-cell' } : undefined} aria-sort={active ? (descending ? 'descending' : 'ascending') : 'none'}>
      <Button variant="plain" size="xs" px="0" fontWeight="semibold" color={active ? 'fg' : 'fg.muted'} onClick={onSort} data-testid={testId}>
        {label}
        {active && (descending ? <ArrowDownIcon /> : <ArrowUpIcon />)}
      </Button>
    </Table.ColumnHeader>
  )
}
