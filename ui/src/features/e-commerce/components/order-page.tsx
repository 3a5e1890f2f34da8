import { Box, Button, Flex, Grid, HStack, IconButton, Link, SegmentGroup, Skeleton, Stack, Table, Tabs, Text } from '@chakra-ui/react'
import { useState, type ReactNode } from 'react'
import { Link as RouterLink, useParams } from 'react-router-dom'

import { ArrowLeftIcon } from '@/components/icons'
import { LoadError } from '@/components/load-error'
import { NotFoundState } from '@/components/not-found-state'
import { PersonAvatar } from '@/components/person-avatar'
import { PrintPortal } from '@/components/print-portal'
import { Section } from '@/components/section'
import { useApiData } from '@/hooks/use-api-data'

import { fetchOrder, type Order } from '../api'
import { formatDiscount, formatOrderDate, formatPrice } from '../pricing'

import { OrderInvoice } from './order-invoice'
import { OrderMap } from './order-map'
import { PageHeader } from '@/components/page-header'
import { ProductThumb } from './product-thumb'
import { StatusChip } from './status-chip'

function Facts({ items }: { items: [string, ReactNode, string?][] }) {
  return (
    <Grid templateColumns={{ base: '1fr', sm: 'repeat(2, minmax(0, 1fr))' }} gap="4">
      {items.map(([label, value, testId]) => (
        <Box key={label} minW="0">
          <Text fontSize="xs" color="fg.muted" textTransform="uppercase" letterSpacing="wide">
            {label}
          </Text>
          <Text fontWeight="medium" wordBreak="break-word" data-testid={testId}>
            {value || '—'}
          </Text>
        </Box>
      ))}
    </Grid>
  )
}

function Addresses({ order }: { order: Order }) {
  const [which, setWhich] = useState<'shipping' | 'invoice'>('shipping')
  const place = which === 'shipping' ? order.customer.shippingAddress : order.customer.invoiceAddress
  return (
    <Section panel="5" minW="0"
      title="Addresses"
      testId="order-addresses"
      action={
        <SegmentGroup.Root size="xs" value={which} onValueChange={(e) => setWhich(e.value as 'shipping' | 'invoice')}>
          <SegmentGroup.Indicator />
          <SegmentGroup.Items items={[{ value: 'shipping', label: 'Shipping' }, { value: 'invoice', label: 'Invoice' }]} />
        </SegmentGroup.Root>
      }
    >
      <Text fontWeight="medium" data-testid="order-address">
        {place.address}
      </Text>
      <Text fontSize="sm" color="fg.muted" mt="1" fontVariantNumeric="tabular-nums">
        {place.lat.toFixed(5)}, {place.lng.toFixed(5)}
      </Text>
      <OrderMap lat={place.lat} lng={place.lng} label={place.address} />
    </Section>
  )
}

function Details({ order }: { order: Order }) {
  const c = order.customer
  const shipping = order.shippingDetails
  return (
    <Grid templateColumns={{ base: 'minmax(0, 1fr)', xl: 'repeat(2, minmax(0, 1fr))' }} gap="5">
      <Section panel="5" minW="0" title="Customer" testId="order-customer">
        <HStack gap="4" mb="4">
          <PersonAvatar name={`${c.firstName} ${c.lastName}`} src={c.avatar} size="lg" />
          <Box minW="0">
            <Text fontWeight="semibold" fontSize="lg" data-testid="order-customer-name">
              {c.firstName} {c.lastName}
            </Text>
            <Text fontSize="sm" color="fg.muted">
              {c.jobTitle} · {c.company}
            </Text>
          </Box>
        </HStack>
        <Facts
          items={[
            ['Email', <Link key="e" href={`mailto:${c.email}`} color="brand.fg">{c.email}</Link>],
            ['Phone', <Link key="p" href={`tel:${c.phone}`}>{c.phone}</Link>],
          ]}
        />
      </Section>
      <Addresses order={order} />
      <Section panel="5" minW="0" title="Order status" testId="order-status-history">
        <Stack as="ol" gap="0">
          {order.status.map((s, i) => (
            <Flex as="li" key={`${s.id}-${s.date}`} gap="3" align="flex-start" pb={i === order.status.length - 1 ? 0 : 4} position="relative">
              <Box position="relative" pt="1.5">
                <Box boxSize="2.5" borderRadius="full" bg={i === 0 ? 'brand.solid' : 'border.emphasized'} />
                {i < order.status.length - 1 && <Box position="absolute" top="5" left="1" w="0.5" h="calc(100% + 4px)" bg="border.muted" />}
              </Box>
              <Flex flex="1" justify="space-between" gap="3" wrap="wrap" data-testid={`status-entry-${i}`}>
                <StatusChip status={s} />
                <Text fontSize="sm" color="fg.muted">
                  {formatOrderDate(s.date)}
                </Text>
              </Flex>
            </Flex>
          ))}
        </Stack>
      </Section>
      <Section panel="5" minW="0" title="Payment" testId="order-payment">
        <Facts
          items={[
            ['Transaction ID', order.payment.transactionId],
            ['Payment method', order.payment.method, 'order-payment-method'],
            ['Amount', formatPrice(order.payment.amount), 'order-payment-amount'],
            ['Date', formatOrderDate(order.payment.date)],
          ]}
        />
      </Section>
      <Box gridColumn={{ xl: 'span 2' }}>
        <Section panel="5" minW="0" title="Shipping" testId="order-shipping">
          <Table.ScrollArea>
            <Table.Root size="sm">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Tracking code</Table.ColumnHeader>
                  <Table.ColumnHeader>Carrier</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Weight</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Fee</Table.ColumnHeader>
                  <Table.ColumnHeader>Date</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {shipping.map((s, i) => (
                  <Table.Row key={i}>
                    <Table.Cell fontFamily="mono" fontSize="xs">
                      {s.tracking || <Text as="span" color="fg.muted" fontFamily="body">Not shipped yet</Text>}
                    </Table.Cell>
                    <Table.Cell>{s.carrier}</Table.Cell>
                    <Table.Cell textAlign="end">{s.weight} kg</Table.Cell>
                    <Table.Cell textAlign="end">{formatPrice(s.fee)}</Table.Cell>
                    <Table.Cell whiteSpace="nowrap">{formatOrderDate(s.date)}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        </Section>
      </Box>
    </Grid>
  )
}

function Products({ order }: { order: Order }) {
  return (
    <Box bg="bg.panel" borderWidth="1px" borderColor="border.muted" borderRadius="xl" overflow="hidden">
      <Table.ScrollArea>
        <Table.Root size="sm" data-testid="order-products">
          <Table.Header>
            <Table.Row bg="bg.subtle">
              <Table.ColumnHeader w="14" />
              <Table.ColumnHeader>Product</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Price</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Quantity</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Total</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {order.products.map((line) => (
              <Table.Row key={line.id} data-testid={`order-line-${line.id}`}>
                <Table.Cell>
                  <ProductThumb name={line.name} seed={line.image} />
                </Table.Cell>
                <Table.Cell>
                  <RouterLink to={`/apps/e-commerce/products/${line.id}`}>
                    <Text fontWeight="medium" _hover={{ color: 'brand.fg' }}>
                      {line.name}
                    </Text>
                  </RouterLink>
                </Table.Cell>
                <Table.Cell textAlign="end">{formatPrice(line.price)}</Table.Cell>
                <Table.Cell textAlign="end">{line.quantity}</Table.Cell>
                <Table.Cell textAlign="end" fontWeight="medium">
                  {formatPrice(line.total)}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      <Stack gap="1" align="flex-end" px="4" py="3" borderTopWidth="1px" borderColor="border.muted" fontSize="sm">
        <Text color="fg.muted">
          Subtotal <Text as="span" color="fg" fontWeight="medium">{formatPrice(order.subtotal)}</Text>
        </Text>
        <Text color="fg.muted">
          Tax <Text as="span" color="fg" fontWeight="medium">{formatPrice(order.tax)}</Text> · Discount{' '}
          <Text as="span" color="fg" fontWeight="medium">{formatDiscount(order.discount)}</Text>
        </Text>
        <Text fontSize="md" fontWeight="bold" data-testid="order-total">
          Total {formatPrice(order.total)}
        </Text>
      </Stack>
    </Box>
  )
}

/** /apps/e-commerce/orders/:orderId: customer, addresses, status history, payment, shipping, products, invoice. */
export default function OrderPage() {
  const { orderId = '' } = useParams()
  const order = useApiData(`e-commerce-order-${orderId}`, (signal) => fetchOrder(orderId, signal))
  const [tab, setTab] = useState('details')
  const o = order.data

  return (
    <Box px={{ base: '4', md: '8' }} py={{ base: '6', md: '8' }} data-testid="order-page">
      {order.status === 'loading' && (
        <Stack gap="5">
          <Skeleton h="12" w="72" />
          <Skeleton h="96" borderRadius="xl" />
        </Stack>
      )}
      {order.status === 'error' && <LoadError title="Could not load the order" error={order.error} onRetry={order.reload} />}
      {order.status === 'success' && !o && (
        <NotFoundState title="There is no such order" backTo="/apps/e-commerce/orders" backLabel="Go to the orders" testId="order-not-found" />
      )}
      {o && (
        <Stack gap="5">
          <PageHeader
            dense
            title={`Order #${o.id}`}
            subtitle={`${o.customer.firstName} ${o.customer.lastName} · placed ${formatOrderDate(o.date)} · ${formatPrice(o.total)}`}
            testId="order-title"
            leading={
              <IconButton asChild variant="ghost" size="sm" aria-label="Back to the orders">
                <RouterLink to="/apps/e-commerce/orders" data-testid="order-back">
                  <ArrowLeftIcon />
                </RouterLink>
              </IconButton>
            }
            actions={o.status[0] && <StatusChip status={o.status[0]} testId="order-current-status" />}
          />
          <Tabs.Root value={tab} onValueChange={(e) => setTab(e.value)} variant="line" lazyMount unmountOnExit>
            <Tabs.List>
              <Tabs.Trigger value="details" data-testid="order-tab-details">
                Order details
              </Tabs.Trigger>
              <Tabs.Trigger value="products" data-testid="order-tab-products">
                Products
              </Tabs.Trigger>
              <Tabs.Trigger value="invoice" data-testid="order-tab-invoice">
                Invoice
              </Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="details" px="0">
              <Details order={o} />
            </Tabs.Content>
            <Tabs.Content value="products" px="0">
              <Products order={o} />
            </Tabs.Content>
            <Tabs.Content value="invoice" px="0">
              <Flex justify="flex-end" mb="4" maxW="4xl" mx="auto">
                <Button size="sm" variant="outline" onClick={() => window.print()} data-testid="invoice-print">
                  Print the invoice
                </Button>
              </Flex>
              <OrderInvoice order={o} testId="order-invoice" />
              <PrintPortal>
                <OrderInvoice order={o} />
              </PrintPortal>
            </Tabs.Content>
          </Tabs.Root>
        </Stack>
      )}
    </Box>
  )
}
