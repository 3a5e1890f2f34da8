import { Button, Flex, HStack, IconButton, NativeSelect, Text } from '@chakra-ui/react'

import { ChevronLeftIcon, ChevronRightIcon } from '@/components/icons'
import { formatNumber } from '@/lib/format'

import { PER_PAGE_CHOICES } from '../list-state'

function pageWindow(page: number, pages: number): (number | '…')[] {
  const shown = new Set([1, pages, page - 1, page, page + 1].filter((p) => p >= 1 && p <= pages))
  const sorted = [...shown].sort((a, b) => a - b)
  const out: (number | '…')[] = []
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1] > 1) out.push('…')
    out.push(p)
  })
  return out
}

/** Server-side pagination: page buttons, previous/next, rows per page and "1–25 of 220". */
export function Pagination({
  page,
  perPage,
  total,
  onPage,
  onPerPage,
}: {
  page: number
  perPage: number
  total: number
  onPage: (page: number) => void
  onPerPage: (perPage: number) => void
}) {
  const pages = Math.max(1, Math.ceil(total / perPage))
  const from = total === 0 ? 0 : (page - 1) * perPage + 1
  const to = Math.min(total, page * perPage)
  return (
    <Flex justify="space-between" align="center" gap="4" wrap="wrap" data-testid="pagination">
      <HStack gap="2">
        <Text fontSize="sm" color="fg.muted">
          Rows per page
        </Text>
        <NativeSelect.Root size="xs" w="20">
          <NativeSelect.Field value={perPage} onChange={(e) => onPerPage(Number(e.target.value))} data-testid="pagination-per-page" aria-label="Rows per page">
            {PER_PAGE_CHOICES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Text fontSize="sm" color="fg.muted" data-testid="pagination-info">
          {formatNumber(from)}–{formatNumber(to)} of {formatNumber(total)}
        </Text>
      </HStack>
      <HStack gap="1" as="nav" aria-label="Pages">
        <IconButton aria-label="Previous page" size="xs" variant="ghost" disabled={page <= 1} onClick={() => onPage(page - 1)} data-testid="pagination-prev">
          <ChevronLeftIcon />
        </IconButton>
        {pageWindow(page, pages).map((p, i) =>
          p === '…' ? (
            <Text key={`gap-${i}`} px="1" color="fg.subtle">
              …
            </Text>
          ) : (
            <Button
              key={p}
              size="xs"
              variant={p === page ? 'solid' : 'ghost'}
              colorPalette={p === page ? 'brand' : 'gray'}
              aria-current={p === page ? 'page' : undefined}
              onClick={() => onPage(p)}
              data-testid={`pagination-page-${p}`}
            >
              {p}
            </Button>
          ),
        )}
        <IconButton aria-label="Next page" size="xs" variant="ghost" disabled={page >= pages} onClick={() => onPage(page + 1)} data-testid="pagination-next">
          <ChevronRightIcon />
        </IconButton>
      </HStack>
    </Flex>
  )
}
