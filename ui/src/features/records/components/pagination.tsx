import { Button, Flex, HStack, IconButton, Text } from '@chakra-ui/react'
import { memo } from 'react'

import { ChevronLeftIcon, ChevronRightIcon } from '@/components/icons'
import { PerPageSelect } from '@/components/per-page-select'
import { formatNumber } from '@/lib/format'

import { PER_PAGE_CHOICES } from '../list-state'
import { totalText } from '../text'

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

/**
 * Server-side pagination: page buttons, previous/next, rows per page and "1–25 of 220" (or
 * "of 10,000+"). Previous and next move by keyset cursor (onPrev/onNext) when the answer has one, so
 * a deep page costs the same as the first; a page number jumps by offset.
 */
export const Pagination = memo(function Pagination({
  page,
  perPage,
  total,
  totalIsExact = true,
  shown,
  hasNext,
  hasPrev,
  onPage,
  onNext,
  onPrev,
  onPerPage,
}: {
  page: number
  perPage: number
  total: number
  totalIsExact?: boolean
  /** Rows on this page. */
  shown: number
  hasNext: boolean
  hasPrev: boolean
  onPage: (page: number) => void
  onNext: () => void
  onPrev: () => void
  onPerPage: (perPage: number) => void
}) {
  const known = Math.max(1, Math.ceil(total / perPage))
  // Beyond the count the last page is unknown: show the pages around this one only.
  const pages = totalIsExact ? known : Math.max(known, page + (hasNext ? 1 : 0))
  const from = shown === 0 ? 0 : (page - 1) * perPage + 1
  const to = (page - 1) * perPage + shown
  return (
    <Flex justify="space-between" align="center" gap="4" wrap="wrap" data-testid="pagination">
      <HStack gap="2">
        <Text fontSize="sm" color="fg.muted">
          Rows per page
        </Text>
        <PerPageSelect value={perPage} choices={PER_PAGE_CHOICES} onChange={onPerPage} testId="pagination-per-page" />
        <Text fontSize="sm" color="fg.muted" data-testid="pagination-info">
          {formatNumber(from)}–{formatNumber(to)} of {totalText(total, totalIsExact)}
        </Text>
      </HStack>
      <HStack gap="1" as="nav" aria-label="Pages">
        <IconButton aria-label="Previous page" size="xs" variant="ghost" disabled={!hasPrev} onClick={onPrev} data-testid="pagination-prev">
          <ChevronLeftIcon />
        </IconButton>
        {pageWindow(page, pages)
          .filter((p) => totalIsExact || p !== pages || p <= page + 1)
          .map((p, i) =>
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
        <IconButton aria-label="Next page" size="xs" variant="ghost" disabled={!hasNext} onClick={onNext} data-testid="pagination-next">
          <ChevronRightIcon />
        </IconButton>
      </HStack>
    </Flex>
  )
})
