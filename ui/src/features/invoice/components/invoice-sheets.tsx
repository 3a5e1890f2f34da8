import { Box, Flex, Grid, Heading, Stack, Table, Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'

import { formatMoney, formatQuantity, taxRate, unitLabel, type Invoice, type Party } from '../api'

/** White paper in every theme (what the Print button prints, too). */
function Paper({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <Box
      className="chakra-theme light"
      bg="white"
      color="gray.900"
      borderRadius={{ base: 'md', md: 'lg' }}
      boxShadow={{ base: 'none', md: 'xl' }}
      maxW="4xl"
      mx="auto"
      overflow="hidden"
      style={{ colorScheme: 'light' }}
      data-testid={testId}
    >
      {children}
    </Box>
  )
}

function PartyBlock({ label, party, align = 'start' }: { label: string; party: Party; align?: 'start' | 'end' }) {
  return (
    <Stack gap="0.5" fontSize="sm" color="gray.600" textAlign={{ base: 'start', sm: align }}>
      <Text fontSize="xs" fontWeight="semibold" textTransform="uppercase" letterSpacing="wider" color="gray.500">
        {label}
      </Text>
      <Text fontSize="md" fontWeight="semibold" color="gray.900">
        {party.title}
      </Text>
      <Text maxW="64" ms={{ sm: align === 'end' ? 'auto' : undefined }}>
        {party.address}
      </Text>
      <Text>{party.phone}</Text>
      <Text>{party.email}</Text>
      {party.website && <Text>{party.website}</Text>}
    </Stack>
  )
}

function Totals({ invoice, compact }: { invoice: Invoice; compact?: boolean }) {
  const rate = taxRate(invoice)
  const rows: [string, string, string][] = [
    ['Subtotal', formatMoney(invoice.subtotal), 'subtotal'],
    [rate ? `Tax (${rate})` : 'Tax', formatMoney(invoice.tax), 'tax'],
    ['Discount', Number(invoice.discount) ? `-${formatMoney(invoice.discount)}` : formatMoney('0'), 'discount'],
  ]
  return (
    <Stack gap={compact ? '1' : '2'} minW={{ base: 'full', sm: '64' }}>
      {rows.map(([label, value, key]) => (
        <Flex key={key} justify="space-between" gap="8" fontSize="sm">
          <Text color="gray.600">{label}</Text>
          <Text color="gray.900" fontVariantNumeric="tabular-nums" data-testid={`invoice-${key}`}>
            {value}
          </Text>
        </Flex>
      ))}
      <Flex justify="space-between" gap="8" pt="2" borderTopWidth="1px" borderColor="gray.200" fontSize={compact ? 'lg' : 'xl'} fontWeight="bold">
        <Text>Total</Text>
        <Text fontVariantNumeric="tabular-nums" data-testid="invoice-total">
          {formatMoney(invoice.total)}
        </Text>
      </Flex>
    </Stack>
  )
}

function Lines({ invoice, compact }: { invoice: Invoice; compact?: boolean }) {
  return (
    <Box overflowX="auto">
      <Table.Root size={compact ? 'sm' : 'md'} css={{ '--table-border-color': 'var(--chakra-colors-gray-200)' }} data-testid="invoice-lines">
        <Table.Header>
          <Table.Row bg={compact ? 'gray.50' : 'transparent'}>
            <Table.ColumnHeader color="gray.500">Service</Table.ColumnHeader>
            <Table.ColumnHeader color="gray.500" textAlign="end">
              Unit price
            </Table.ColumnHeader>
            <Table.ColumnHeader color="gray.500" textAlign="end">
              Quantity
            </Table.ColumnHeader>
            <Table.ColumnHeader color="gray.500" textAlign="end">
              Total
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {invoice.services.map((s) => (
            <Table.Row key={s.id} bg="transparent" data-testid={`invoice-line-${s.id}`}>
              <Table.Cell color="gray.900" minW="48">
                <Text fontWeight="medium">{s.title}</Text>
                {!compact && (
                  <Text fontSize="sm" color="gray.500">
                    {s.detail}
                  </Text>
                )}
              </Table.Cell>
              <Table.Cell textAlign="end" color="gray.900" whiteSpace="nowrap">
                {formatMoney(s.unitPrice)}
              </Table.Cell>
              <Table.Cell textAlign="end" color="gray.900" whiteSpace="nowrap">
                {formatQuantity(s.quantity)} {unitLabel(s.unit, s.quantity)}
              </Table.Cell>
              <Table.Cell textAlign="end" color="gray.900" whiteSpace="nowrap" fontWeight="medium">
                {formatMoney(s.total)}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  )
}

/** The modern invoice: a coloured band with the figures that matter, then the lines. */
export function ModernInvoice({ invoice, testId }: { invoice: Invoice; testId?: string }) {
  return (
    <Paper testId={testId}>
      <Box bg="teal.700" color="white" px={{ base: '5', md: '12' }} py={{ base: '6', md: '10' }}>
        <Flex justify="space-between" gap="6" wrap="wrap" align="flex-end">
          <Box>
            <Text fontSize="sm" textTransform="uppercase" letterSpacing="widest" opacity={0.8}>
              Invoice
            </Text>
            <Heading as="h2" size="3xl" mt="1" color="white" data-testid="invoice-number">
              {invoice.number}
            </Heading>
          </Box>
          <Grid templateColumns="auto auto" columnGap="6" rowGap="1" fontSize="sm">
            <Text opacity={0.8}>Invoice date</Text>
            <Text fontWeight="semibold" data-testid="invoice-date">
              {invoice.date}
            </Text>
            <Text opacity={0.8}>Due date</Text>
            <Text fontWeight="semibold" data-testid="invoice-due-date">
              {invoice.dueDate}
            </Text>
            <Text opacity={0.8}>Total due</Text>
            <Text fontWeight="semibold">{formatMoney(invoice.total)}</Text>
          </Grid>
        </Flex>
      </Box>
      <Box px={{ base: '5', md: '12' }} py={{ base: '6', md: '10' }}>
        <Flex justify="space-between" gap="8" wrap="wrap" mb="10">
          <PartyBlock label="From" party={invoice.from} />
          <PartyBlock label="Bill to" party={invoice.client} align="end" />
        </Flex>
        <Lines invoice={invoice} />
        <Flex justify="flex-end" mt="8">
          <Totals invoice={invoice} />
        </Flex>
        <Text mt="12" fontSize="sm" color="gray.500">
          Please pay by {invoice.dueDate}, quoting {invoice.number}. Thank you for your business.
        </Text>
      </Box>
    </Paper>
  )
}

/** The compact invoice: everything on one dense sheet. */
export function CompactInvoice({ invoice, testId }: { invoice: Invoice; testId?: string }) {
  return (
    <Paper testId={testId}>
      <Box px={{ base: '5', md: '10' }} py={{ base: '6', md: '8' }}>
        <Flex justify="space-between" gap="6" wrap="wrap" pb="6" borderBottomWidth="2px" borderColor="gray.900">
          <PartyBlock label="From" party={invoice.from} />
          <Stack gap="0.5" textAlign={{ base: 'start', sm: 'end' }}>
            <Heading as="h2" size="xl" color="gray.900">
              Invoice <span data-testid="invoice-number">{invoice.number}</span>
            </Heading>
            <Text fontSize="sm" color="gray.600">
              Date <span data-testid="invoice-date">{invoice.date}</span>
            </Text>
            <Text fontSize="sm" color="gray.600">
              Due <span data-testid="invoice-due-date">{invoice.dueDate}</span>
            </Text>
          </Stack>
        </Flex>
        <Box py="5">
          <PartyBlock label="Bill to" party={invoice.client} />
        </Box>
        <Lines invoice={invoice} compact />
        <Flex justify="flex-end" mt="5">
          <Totals invoice={invoice} compact />
        </Flex>
      </Box>
    </Paper>
  )
}
