import { Box, Flex, Grid, Heading, Stack, Table, Text } from '@chakra-ui/react'

import type { Order } from '../api'
import { formatDiscount, formatOrderDate, formatPrice } from '../pricing'

/** The order's invoice as a sheet of paper (light in every theme, and what the Print button prints). */
export function OrderInvoice({ order, testId }: { order: Order; testId?: string }) {
  const c = order.customer
  const rows: [string, string, boolean][] = [
    ['Subtotal', formatPrice(order.subtotal), false],
    ['Tax', formatPrice(order.tax), false],
    ['Discount', formatDiscount(order.discount), false],
    ['Total', formatPrice(order.total), true],
  ]
  return (
    <Box
      className="chakra-theme light"
      bg="white"
      color="gray.900"
      borderRadius="lg"
      boxShadow={{ base: 'none', md: 'lg' }}
      p={{ base: '5', md: '10' }}
      maxW="4xl"
      mx="auto"
      style={{ colorScheme: 'light' }}
      data-testid={testId}
    >
      <Flex justify="space-between" gap="6" wrap="wrap">
        <Stack gap="1">
          <Heading as="h2" size="2xl" color="gray.900">
            INVOICE
          </Heading>
          <Text color="gray.600">Order #{order.id}</Text>
          <Text color="gray.600">Reference {order.reference}</Text>
          <Text color="gray.600">Placed {formatOrderDate(order.date, false)}</Text>
        </Stack>
        <Stack gap="0.5" textAlign={{ base: 'start', sm: 'end' }} fontSize="sm" color="gray.700">
          <Text fontWeight="semibold" color="gray.900">
            Bill to
          </Text>
          <Text>
            {c.firstName} {c.lastName}
          </Text>
          <Text>{c.company}</Text>
          <Text maxW="64">{c.invoiceAddress.address}</Text>
          <Text>{c.email}</Text>
          <Text>{c.phone}</Text>
        </Stack>
      </Flex>
      <Table.Root size="sm" mt="8" variant="line" css={{ '--table-border-color': 'var(--chakra-colors-gray-200)' }} data-testid="invoice-lines">
        <Table.Header>
          <Table.Row bg="transparent">
            <Table.ColumnHeader color="gray.600">Product</Table.ColumnHeader>
            <Table.ColumnHeader color="gray.600" textAlign="end">
              Price
            </Table.ColumnHeader>
            <Table.ColumnHeader color="gray.600" textAlign="end">
              Qty
            </Table.ColumnHeader>
            <Table.ColumnHeader color="gray.600" textAlign="end">
              Total
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {order.products.map((line) => (
            <Table.Row key={line.id} bg="transparent">
              <Table.Cell color="gray.900">{line.name}</Table.Cell>
              <Table.Cell textAlign="end" color="gray.900">
                {formatPrice(line.price)}
              </Table.Cell>
              <Table.Cell textAlign="end" color="gray.900">
                {line.quantity}
              </Table.Cell>
              <Table.Cell textAlign="end" color="gray.900">
                {formatPrice(line.total)}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      <Grid justifyContent="end" mt="6">
        <Stack gap="1.5" minW="60">
          {rows.map(([label, value, strong]) => (
            <Flex key={label} justify="space-between" gap="8" fontSize={strong ? 'lg' : 'sm'} fontWeight={strong ? 'bold' : 'normal'} borderTopWidth={strong ? '1px' : 0} borderColor="gray.200" pt={strong ? '2' : 0}>
              <Text color={strong ? 'gray.900' : 'gray.600'}>{label}</Text>
              <Text data-testid={`invoice-${label.toLowerCase()}`}>{value}</Text>
            </Flex>
          ))}
        </Stack>
      </Grid>
      <Text mt="10" fontSize="xs" color="gray.500">
        Paid by {order.payment.method} · transaction {order.payment.transactionId} · {formatOrderDate(order.payment.date)}
      </Text>
    </Box>
  )
}
