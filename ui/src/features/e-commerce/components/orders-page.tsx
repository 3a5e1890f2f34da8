import { Box, HStack, Stack, Table, Text } from '@chakra-ui/react'
import { Link as RouterLink, useNavigate } from 'react-router-dom'

import { LoadError } from '@/components/load-error'
import { PersonAvatar } from '@/components/person-avatar'
import { useApiData } from '@/hooks/use-api-data'
import { formatNumber } from '@/lib/format'

import { fetchOrders, type Order } from '../api'
import { formatOrderDate, formatPrice, parseOrderDate } from '../pricing'
import { useTableView } from '../use-table-state'

import { PageHeader } from '@/components/page-header'
import { StatusChip } from './status-chip'
import { SortHeader, TableFrame, TableSearch } from './table-parts'

const DEFAULT_SORT = { sort: 'date', dir: 'desc' } as const
const customerName = (o: Order) => `${o.customer.firstName} ${o.customer.lastName}`

const searchText = (o: Order) => [o.id, o.reference, customerName(o), o.customer.company, o.payment.method, o.status[0]?.name ?? ''].join(' ')
const sortValue = (o: Order, key: string) => {
  switch (key) {
    case 'id':
      return Number(o.id)
    case 'reference':
      return o.reference
    case 'customer':
      return customerName(o)
    case 'total':
      return Number.parseFloat(o.total)
    case 'payment':
      return o.payment.method
    case 'status':
      return o.status[0]?.name
    default:
      return parseOrderDate(o.date)?.getTime() ?? 0
  }
}

/** /apps/e-commerce/orders: every order with its latest status, searchable, sortable and paged. */
export default function OrdersPage() {
  const orders = useApiData('e-commerce-orders', fetchOrders)
  const { state, update, view, onSort, onSearch } = useTableView(orders.data, DEFAULT_SORT, searchText, sortValue)
  const navigate = useNavigate()

  return (
    <Box px={{ base: '4', md: '8' }} py={{ base: '6', md: '8' }} data-testid="orders-page">
      <Stack gap="5">
        <PageHeader dense title="Orders" subtitle={orders.data ? `${formatNumber(orders.data.length)} orders` : 'Customer orders'} testId="orders-title" />
        <TableSearch value={state.q} onChange={onSearch} placeholder="Search orders" testId="orders-search" />
        {orders.status === 'error' && <LoadError title="Could not load the orders" error={orders.error} onRetry={orders.reload} testId="orders-error" />}
        <TableFrame
          testId="orders-table"
          columns={7}
          header={
            <>
              <SortHeader label="ID" sortKey="id" state={state} onSort={onSort} />
              <SortHeader label="Reference" sortKey="reference" state={state} onSort={onSort} display={{ base: 'none', md: 'table-cell' }} />
              <SortHeader label="Customer" sortKey="customer" state={state} onSort={onSort} />
              <SortHeader label="Total" sortKey="total" state={state} onSort={onSort} textAlign="end" />
              <SortHeader label="Payment" sortKey="payment" state={state} onSort={onSort} display={{ base: 'none', lg: 'table-cell' }} />
              <SortHeader label="Status" sortKey="status" state={state} onSort={onSort} />
              <SortHeader label="Date" sortKey="date" state={state} onSort={onSort} display={{ base: 'none', md: 'table-cell' }} />
            </>
          }
          loading={orders.status === 'loading'}
          empty={orders.status === 'success' && view.total === 0 ? { testId: 'orders-empty', text: <>No order matches “{state.q}”.</> } : undefined}
          state={state}
          total={view.total}
          pages={view.pages}
          onChange={update}
        >
          {view.rows.map((o) => (
            <Table.Row key={o.id} cursor="pointer" onClick={() => navigate(`/apps/e-commerce/orders/${o.id}`)} data-testid={`order-row-${o.id}`}>
              <Table.Cell>
                <RouterLink to={`/apps/e-commerce/orders/${o.id}`} onClick={(e) => e.stopPropagation()}>
                  <Text fontWeight="medium" _hover={{ color: 'brand.fg' }}>
                    #{o.id}
                  </Text>
                </RouterLink>
              </Table.Cell>
              <Table.Cell display={{ base: 'none', md: 'table-cell' }} fontFamily="mono" fontSize="xs" color="fg.muted">
                {o.reference}
              </Table.Cell>
              <Table.Cell>
                <HStack gap="2">
                  <PersonAvatar name={customerName(o)} src={o.customer.avatar} size="xs" display={{ base: 'none', sm: 'flex' }} />
                  <Text whiteSpace="nowrap">{customerName(o)}</Text>
                </HStack>
              </Table.Cell>
              <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums" whiteSpace="nowrap" data-testid={`order-total-${o.id}`}>
                {formatPrice(o.total)}
              </Table.Cell>
              <Table.Cell display={{ base: 'none', lg: 'table-cell' }} whiteSpace="nowrap">
                {o.payment.method}
              </Table.Cell>
              <Table.Cell>{o.status[0] && <StatusChip status={o.status[0]} testId={`order-status-${o.id}`} />}</Table.Cell>
              <Table.Cell display={{ base: 'none', md: 'table-cell' }} whiteSpace="nowrap" color="fg.muted">
                {formatOrderDate(o.date)}
              </Table.Cell>
            </Table.Row>
          ))}
        </TableFrame>
      </Stack>
    </Box>
  )
}
