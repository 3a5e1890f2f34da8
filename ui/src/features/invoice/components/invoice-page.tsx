import { Box, Button, Center, Flex, HStack, Skeleton, Text } from '@chakra-ui/react'
import { Link as RouterLink, useSearchParams } from 'react-router-dom'

import { LoadError } from '@/components/load-error'
import { PrintPortal } from '@/components/print-portal'
import { useApiData } from '@/hooks/use-api-data'

import { fetchInvoice, SAMPLE_INVOICE_ID } from '../api'

import { CompactInvoice, ModernInvoice } from './invoice-sheets'

type Variant = 'modern' | 'compact'

/** /pages/invoice/modern and /pages/invoice/compact (?id= picks the invoice): the invoice, printable. */
export default function InvoicePage({ variant }: { variant: Variant }) {
  const [params] = useSearchParams()
  const id = params.get('id') || SAMPLE_INVOICE_ID
  const invoice = useApiData(`invoice-${id}`, (signal) => fetchInvoice(id, signal))
  const Sheet = variant === 'modern' ? ModernInvoice : CompactInvoice
  const query = params.get('id') ? `?id=${encodeURIComponent(id)}` : ''

  return (
    <Box px={{ base: '3', md: '8' }} py={{ base: '5', md: '8' }} data-testid={`invoice-page-${variant}`}>
      <Flex maxW="4xl" mx="auto" mb="5" justify="space-between" align="center" gap="3" wrap="wrap">
        <HStack gap="1" bg="bg.subtle" borderRadius="md" p="1" role="group" aria-label="Invoice layout">
          {(['modern', 'compact'] as const).map((v) => (
            <Button key={v} asChild size="xs" variant={v === variant ? 'solid' : 'ghost'} colorPalette={v === variant ? 'brand' : 'gray'}>
              <RouterLink to={`/pages/invoice/${v}${query}`} aria-current={v === variant ? 'page' : undefined} data-testid={`invoice-layout-${v}`}>
                {v === 'modern' ? 'Modern' : 'Compact'}
              </RouterLink>
            </Button>
          ))}
        </HStack>
        <Button size="sm" variant="outline" onClick={() => window.print()} disabled={!invoice.data} data-testid="invoice-print">
          Print
        </Button>
      </Flex>
      {invoice.status === 'loading' && <Skeleton maxW="4xl" mx="auto" h="2xl" borderRadius="lg" />}
      {invoice.status === 'error' && (
        <LoadError title="Could not load the invoice" error={invoice.error} onRetry={invoice.reload} maxW="4xl" mx="auto" />
      )}
      {invoice.status === 'success' && !invoice.data && (
        <Center flexDirection="column" gap="3" py="20" data-testid="invoice-not-found">
          <Text fontSize="xl" fontWeight="semibold">
            There is no invoice {id}
          </Text>
          <Button asChild size="sm" variant="outline">
            <RouterLink to={`/pages/invoice/${variant}`}>Open the sample invoice</RouterLink>
          </Button>
        </Center>
      )}
      {invoice.data && (
        <>
          <Sheet invoice={invoice.data} testId="invoice-sheet" />
          <PrintPortal>
            <Sheet invoice={invoice.data} />
          </PrintPortal>
        </>
      )}
    </Box>
  )
}
