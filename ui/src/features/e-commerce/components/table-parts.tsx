import { Box, Flex, HStack, IconButton, Input, InputGroup, Table, Text, type TableColumnHeaderProps } from '@chakra-ui/react'
import { useEffect, useState, type ReactNode } from 'react'

import { ArrowDownIcon, ArrowUpIcon, ChevronLeftIcon, ChevronRightIcon, SearchIcon, SortIcon } from '@/components/icons'
import { PerPageSelect } from '@/components/per-page-select'
import { EmptyRow, LoadingRows } from '@/components/table-rows'
import { formatNumber } from '@/lib/format'

import { PER_PAGE_CHOICES, type TableState } from '../table-state'

/** A column header that sorts by its key. */
export function SortHeader({
  label,
  sortKey,
  state,
  onSort,
  ...rest
}: { label: ReactNode; sortKey: string; state: TableState; onSort: (key: string) => void } & TableColumnHeaderProps) {
  const active = state.sort === sortKey
  return (
    <Table.ColumnHeader whiteSpace="nowrap" aria-sort={active ? (state.dir === 'asc' ? 'ascending' : 'descending') : 'none'} {...rest}>
      <Box as="button" display="inline-flex" alignItems="center" gap="1" cursor="pointer" onClick={() => onSort(sortKey)} data-testid={`sort-${sortKey}`}>
        {label}
        {active ? state.dir === 'asc' ? <ArrowUpIcon boxSize="3" /> : <ArrowDownIcon boxSize="3" /> : <SortIcon boxSize="3" opacity={0.35} />}
      </Box>
    </Table.ColumnHeader>
  )
}

/** The search box of a table (applies 250 ms after the last key). */
export function TableSearch({ value, onChange, placeholder, testId }: { value: string; onChange: (q: string) => void; placeholder: string; testId: string }) {
  const [text, setText] = useState(value)
  const [prop, setProp] = useState(value)
  if (prop !== value) {
    setProp(value)
    setText(value)
  }
  useEffect(() => {
    if (text === value) return
    const timer = setTimeout(() => onChange(text), 250)
    return () => clearTimeout(timer)
  }, [text, value, onChange])
  return (
    <InputGroup startElement={<SearchIcon boxSize="4" color="fg.muted" />} maxW={{ base: 'full', md: '80' }} flex="1">
      <Input value={text} onChange={(e) => setText(e.target.value)} placeholder={placeholder} aria-label={placeholder} data-testid={testId} bg="bg.panel" size="sm" />
    </InputGroup>
  )
}

/** Previous / next pages, rows per page, and "1-10 of 30". */
export function TablePagination({ state, total, pages, onChange }: { state: TableState; total: number; pages: number; onChange: (patch: Partial<TableState>) => void }) {
  const page = Math.min(state.page, pages)
  const from = total === 0 ? 0 : (page - 1) * state.perPage + 1
  const to = Math.min(total, page * state.perPage)
  return (
    <Flex justify="flex-end" align="center" gap="4" wrap="wrap" px="4" py="2" borderTopWidth="1px" borderColor="border.muted" data-testid="table-pagination">
      <HStack gap="2">
        <Text fontSize="sm" color="fg.muted">
          Rows per page
        </Text>
        <PerPageSelect value={state.perPage} choices={PER_PAGE_CHOICES} onChange={(n) => onChange({ perPage: n, page: 1 })} testId="per-page" />
      </HStack>
      <Text fontSize="sm" color="fg.muted" data-testid="pagination-info">
        {formatNumber(from)}–{formatNumber(to)} of {formatNumber(total)}
      </Text>
      <HStack gap="1">
        <IconButton aria-label="Previous page" size="xs" variant="ghost" disabled={page <= 1} onClick={() => onChange({ page: page - 1 })} data-testid="page-prev">
          <ChevronLeftIcon />
        </IconButton>
        <IconButton aria-label="Next page" size="xs" variant="ghost" disabled={page >= pages} onClick={() => onChange({ page: page + 1 })} data-testid="page-next">
          <ChevronRightIcon />
        </IconButton>
      </HStack>
    </Flex>
  )
}

/**
 * A paged table on a panel: the header row, placeholder rows while loading, the rows, the one
 * empty row when a search leaves nothing, and the pagination below.
 */
export function TableFrame({
  testId,
  columns,
  header,
  loading,
  empty,
  children,
  state,
  total,
  pages,
  onChange,
}: {
  testId: string
  columns: number
  header: ReactNode
  loading: boolean
  empty?: { testId: string; text: ReactNode }
  children: ReactNode
  state: TableState
  total: number
  pages: number
  onChange: (patch: Partial<TableState>) => void
}) {
  return (
    <Box bg="bg.panel" borderWidth="1px" borderColor="border.muted" borderRadius="xl" overflow="hidden">
      <Table.ScrollArea>
        <Table.Root size="sm" interactive data-testid={testId}>
          <Table.Header>
            <Table.Row bg="bg.subtle">{header}</Table.Row>
          </Table.Header>
          <Table.Body>
            {loading && <LoadingRows columns={columns} />}
            {children}
            {empty && (
              <EmptyRow columns={columns} testId={empty.testId}>
                {empty.text}
              </EmptyRow>
            )}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      <TablePagination state={state} total={total} pages={pages} onChange={onChange} />
    </Box>
  )
}
