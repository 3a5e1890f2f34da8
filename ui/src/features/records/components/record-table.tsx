import { Badge, Box, chakra, Grid, HStack, Skeleton, Stack, Table, Text } from '@chakra-ui/react'
import { memo } from 'react'
import { Link as RouterLink, useNavigate } from 'react-router-dom'

import { ArrowDownIcon, ArrowUpIcon, SortIcon } from '@/components/icons'
import { useIsPhone } from '@/hooks/use-media-query'
import type { Options, Resource } from '@/data/records'

import type { ColumnDef, ResourceConfig } from '@/config/records'
import { cardStyle } from '@/components/card-style'
import { useQueryRows, type LiveRow } from '../hooks'
import type { ListState } from '../list-state'

import { toParts } from '../text'

import { Snippet } from './text-parts'
import { RecordValue } from './value'

const SortHeader = memo(function SortHeader({ column, state, onSort }: { column: ColumnDef; state: ListState; onSort: (key: string) => void }) {
  const key = column.sortKey ?? column.key
  const sortable = column.sortable !== false
  const active = state.sort === key
  const ariaSort = active ? (state.order === 'asc' ? 'ascending' : 'descending') : 'none'
  return (
    <Table.ColumnHeader
      aria-sort={sortable ? ariaSort : undefined}
      textAlign={column.align === 'end' ? 'end' : 'start'}
      whiteSpace="nowrap"
      data-testid={`col-${column.key}`}
    >
      {sortable ? (
        <chakra.button
          type="button"
          display="inline-flex"
          alignItems="center"
          gap="1"
          fontWeight="semibold"
          color={active ? 'fg' : 'fg.muted'}
          _hover={{ color: 'fg' }}
          onClick={() => onSort(key)}
          data-testid={`sort-${column.key}`}
        >
          {column.label}
          {active ? (
            state.order === 'asc' ? <ArrowUpIcon boxSize="3.5" /> : <ArrowDownIcon boxSize="3.5" />
          ) : (
            <SortIcon boxSize="3.5" opacity={0.35} />
          )}
        </chakra.button>
      ) : (
        column.label
      )}
    </Table.ColumnHeader>
  )
})

/**
 * The glow over a row or card that changed elsewhere: a tinted layer that fades out (`.portal-glow`,
 * src/config/theme.ts), placed against the nearest positioned ancestor (the row or the card). Keyed
 * by the push that caused it, so each push starts it again without remounting the row around it.
 */
function Glow() {
  return <span className="portal-glow" aria-hidden="true" />
}

/**
 * One row. Memoised: a push changes one LiveRow object (hooks.ts useLiveRows keeps the others),
 * so only that row renders again; the page's other props are stable between pushes.
 */
const RecordRow = memo(function RecordRow({
  row,
  config,
  columns,
  options,
  onOpen,
}: {
  row: LiveRow
  config: ResourceConfig
  columns: ColumnDef[]
  options: Options | null
  onOpen: (href: string) => void
}) {
  const { record, deleted, flash } = row
  const href = `${config.path}/${record.id}`
  const snippet = toParts(record.snippet)
  // data-flash marks a row changed elsewhere; its Glow (a fading layer) is keyed by the push, so a new
  // push glows again while the row itself stays mounted: only the changed text and the glow are new.
  return (
    <>
    <Table.Row
      // Each row its own paint layer: a changed row is painted again alone, not the whole page with it.
      position="relative"
      cursor={deleted ? 'default' : 'pointer'}
      opacity={deleted ? 0.5 : 1}
      textDecoration={deleted ? 'line-through' : undefined}
      onClick={(e) => {
        if (deleted || (e.target as Element).closest('a,button')) return
        onOpen(href)
      }}
      data-testid={`row-${record.id}`}
      data-version={record.version}
      data-deleted={deleted ? 'true' : undefined}
      data-flash={flash ? String(flash) : undefined}
    >
      {columns.map((column, index) => (
        <Table.Cell
          key={column.key}
          textAlign={column.align === 'end' ? 'end' : 'start'}
          whiteSpace={column.kind === 'textarea' ? 'normal' : 'nowrap'}
          maxW="72"
          overflow="hidden"
          textOverflow="ellipsis"
          data-testid={`cell-${record.id}-${column.key}`}
        >
          {index === 0 && flash !== null && <Glow key={flash} />}
          {index === 0 && !deleted ? (
            <HStack gap="2">
              <chakra.a asChild fontWeight="semibold" color="fg" _hover={{ color: 'brand.fg' }}>
                <RouterLink to={href}>
                  <RecordValue def={column} record={record} options={options} />
                </RouterLink>
              </chakra.a>
            </HStack>
          ) : (
            <HStack gap="2">
              <RecordValue def={column} record={record} options={options} />
              {index === 0 && deleted && (
                <Badge colorPalette="red" size="sm" textDecoration="none">
                  Deleted
                </Badge>
              )}
            </HStack>
          )}
        </Table.Cell>
      ))}
    </Table.Row>
    {snippet && (
      <Table.Row borderTopWidth="0" data-testid={`snippet-row-${record.id}`}>
        <Table.Cell colSpan={columns.length} pt="0" pb="2" maxW="0">
          <Snippet parts={snippet} testId={`snippet-${record.id}`} />
        </Table.Cell>
      </Table.Row>
    )}
    </>
  )
})

/** The column headers: memoised, so a push (new rows) does not render them again. */
const TableHeader = memo(function TableHeader({ columns, state, onSort }: { columns: ColumnDef[]; state: ListState; onSort: (key: string) => void }) {
  return (
    <Table.Header>
      <Table.Row bg="bg.subtle">
        {columns.map((column) => (
          <SortHeader key={column.key} column={column} state={state} onSort={onSort} />
        ))}
      </Table.Row>
    </Table.Header>
  )
})

/** Columns a card shows under its title: the visible ones its title does not already say, at most six. */
function cardColumns(columns: ColumnDef[]): ColumnDef[] {
  return columns.slice(1).filter((c) => !['name', 'title', 'snippet'].includes(c.key)).slice(0, 6)
}

/** One record as a card (phones): its title as the link, the key fields two by two, a search snippet. */
const RecordCard = memo(function RecordCard({ row, config, columns, options }: { row: LiveRow; config: ResourceConfig; columns: ColumnDef[]; options: Options | null }) {
  const { record, deleted, flash } = row
  const href = `${config.path}/${record.id}`
  const snippet = toParts(record.snippet)
  const subtitle = config.subtitleOf(record)
  return (
    <Box
      as="li"
      listStyleType="none"
      position="relative"
      {...cardStyle}
      p="4"
      opacity={deleted ? 0.5 : 1}
      data-testid={`row-${record.id}`}
      data-variant="card"
      data-version={record.version}
      data-deleted={deleted ? 'true' : undefined}
      data-flash={flash ? String(flash) : undefined}
    >
      {flash !== null && <Glow key={flash} />}
      <HStack justify="space-between" align="start" gap="2">
        {deleted ? (
          <Text fontWeight="semibold" textDecoration="line-through" lineClamp={2}>
            {config.titleOf(record)}
          </Text>
        ) : (
          // The whole card opens the record: the link's area is stretched over it.
          <chakra.a asChild fontWeight="semibold" color="fg" lineClamp={2} _hover={{ color: 'brand.fg' }} _after={{ content: '""', position: 'absolute', inset: '0' }}>
            <RouterLink to={href} data-testid={`card-link-${record.id}`}>
              {config.titleOf(record)}
            </RouterLink>
          </chakra.a>
        )}
        {deleted && (
          <Badge colorPalette="red" size="sm">
            Deleted
          </Badge>
        )}
      </HStack>
      {subtitle && (
        <Text fontSize="xs" color="fg.muted" mt="0.5" truncate>
          {subtitle}
        </Text>
      )}
      <Grid as="dl" templateColumns="repeat(2, minmax(0, 1fr))" columnGap="3" rowGap="2" mt="3">
        {cardColumns(columns).map((column) => (
          <Box key={column.key} minW="0" data-testid={`cell-${record.id}-${column.key}`}>
            <Text as="dt" fontSize="2xs" textTransform="uppercase" letterSpacing="wider" color="fg.subtle">
              {column.label}
            </Text>
            <Box as="dd" fontSize="sm" truncate>
              <RecordValue def={column} record={record} options={options} />
            </Box>
          </Box>
        ))}
      </Grid>
      {snippet && (
        <Box mt="2" data-testid={`snippet-row-${record.id}`}>
          <Snippet parts={snippet} testId={`snippet-${record.id}`} />
        </Box>
      )}
    </Box>
  )
})

interface RowsProps {
  resource: Resource
  queryKey: string
  config: ResourceConfig
  columns: ColumnDef[]
  options: Options | null
}

/**
 * The rows or cards of one query, the one part of the list that reads the rows: a push renders this
 * (a memo check per row) and the changed row, not the table, its header or the page around them.
 */
function LiveRecordRows({ resource, queryKey, config, columns, options, onOpen }: RowsProps & { onOpen: (href: string) => void }) {
  const rows = useQueryRows(resource, queryKey)
  return rows.map((row) => <RecordRow key={row.record.id} row={row} config={config} columns={columns} options={options} onOpen={onOpen} />)
}

function LiveRecordCards({ resource, queryKey, config, columns, options }: RowsProps) {
  const rows = useQueryRows(resource, queryKey)
  return rows.map((row) => <RecordCard key={row.record.id} row={row} config={config} columns={columns} options={options} />)
}

/** Phones: the list as cards, one column, each with the key fields (no sideways scrolling). */
function RecordCards({ count, loading, ...rows }: RowsProps & { count: number; loading: boolean }) {
  const { config } = rows
  return (
    <Box>
      <Stack as="ul" gap="3" m="0" p="0" data-testid="record-cards">
        {loading && count === 0 && Array.from({ length: 4 }, (_, i) => <Skeleton key={`skeleton-${i}`} h="28" borderRadius="xl" />)}
        <LiveRecordCards {...rows} />
      </Stack>
      {!loading && count === 0 && (
        <Text textAlign="center" py="12" color="fg.muted" data-testid="list-empty">
          No {config.title.toLowerCase()} match this view.
        </Text>
      )}
    </Box>
  )
}

export function RecordTable({
  config,
  columns,
  resource,
  queryKey,
  count,
  state,
  options,
  loading,
  onSort,
}: {
  config: ResourceConfig
  columns: ColumnDef[]
  resource: Resource
  /** The cached query whose rows are shown (its rows are read below, row by row). */
  queryKey: string
  /** How many rows it holds (the skeleton and the empty text). */
  count: number
  state: ListState
  options: Options | null
  loading: boolean
  onSort: (key: string) => void
}) {
  const navigate = useNavigate()
  const phone = useIsPhone()
  const rows = { resource, queryKey, config, columns, options }
  if (phone) return <RecordCards {...rows} count={count} loading={loading} />
  return (
    <Box overflowX="auto" borderWidth="1px" borderColor="border.muted" borderRadius="xl" bg="bg.panel">
      <Table.Root size="sm" interactive stickyHeader data-testid="record-table">
        <TableHeader columns={columns} state={state} onSort={onSort} />
        <Table.Body>
          {loading &&
            count === 0 &&
            Array.from({ length: 8 }, (_, i) => (
              <Table.Row key={`skeleton-${i}`}>
                {columns.map((c) => (
                  <Table.Cell key={c.key}>
                    <Skeleton h="4" />
                  </Table.Cell>
                ))}
              </Table.Row>
            ))}
          <LiveRecordRows {...rows} onOpen={navigate} />
        </Table.Body>
      </Table.Root>
      {!loading && count === 0 && (
        <Text textAlign="center" py="12" color="fg.muted" data-testid="list-empty">
          No {config.title.toLowerCase()} match this view.
        </Text>
      )}
    </Box>
  )
}
