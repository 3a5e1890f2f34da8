import { Alert, Badge, Box, Button, Flex, Heading, Skeleton, Stack, Text } from '@chakra-ui/react'
import { useAtomValue } from 'jotai'
import { memo, useMemo, useState } from 'react'
import { Link as RouterLink } from 'react-router-dom'

import { errorMessage } from '@/data/client'
import { OFFLINE_REASON, onlineAtom } from '@/lib/online'
import { statusColor } from '@/lib/record-colors'
import type { Asset } from '@/data/records'

import { byDue, DUE_PALETTE, dueOf } from '../due'
import { useMyWork } from '../use-my-work'

import { InspectionDialog } from './inspection-dialog'

const Row = memo(function Row({ asset, today, online, onInspect }: { asset: Asset; today: string; online: boolean; onInspect: (a: Asset) => void }) {
  const due = dueOf(asset.nextInspection, today)
  return (
    <Flex
      as="li"
      listStyleType="none"
      direction={{ base: 'column', md: 'row' }}
      align={{ base: 'stretch', md: 'center' }}
      gap="3"
      p="4"
      bg="bg.panel"
      borderWidth="1px"
      borderColor={due.tone === 'overdue' ? 'red.500/60' : 'border.muted'}
      borderRadius="xl"
      data-testid={`my-work-row-${asset.id}`}
    >
      <RouterLink to={`/assets/${asset.id}`} style={{ flex: 1, minWidth: 0 }} data-testid={`my-work-open-${asset.id}`}>
        <Flex gap="3" align="center" minH="12">
          <Box flexShrink={0} boxSize="3" borderRadius="full" bg={statusColor(asset.status)} title={`Status ${asset.status}`} />
          <Box minW="0">
            <Text fontWeight="semibold" fontSize="lg" lineClamp={1}>
              {asset.tag} · {asset.name}
            </Text>
            <Text fontSize="sm" color="fg.muted" lineClamp={1}>
              {[asset.category, asset.location].filter(Boolean).join(' · ')}
            </Text>
            <Badge mt="1" size="md" colorPalette={DUE_PALETTE[due.tone]} data-testid={`my-work-due-${asset.id}`}>
              {due.label}
            </Badge>
          </Box>
        </Flex>
      </RouterLink>
      <Button
        size="lg"
        minH="12"
        colorPalette="brand"
        variant={due.tone === 'overdue' || due.tone === 'today' ? 'solid' : 'outline'}
        disabled={!online}
        title={online ? undefined : OFFLINE_REASON}
        onClick={() => onInspect(asset)}
        data-testid={`my-work-inspect-${asset.id}`}
      >
        Inspection done
      </Button>
    </Flex>
  )
})

/** The technicians' field view: their assets, overdue first, one large row each (one column on a phone). */
export default function MyWorkPage() {
  const { data, error, loading, reload } = useMyWork()
  const online = useAtomValue(onlineAtom)
  const [inspecting, setInspecting] = useState<Asset | null>(null)
  const items = useMemo(() => byDue(data?.items ?? []), [data])
  const today = data?.today ?? new Date().toISOString().slice(0, 10)
  const overdue = items.filter((a) => dueOf(a.nextInspection, today).tone === 'overdue').length

  return (
    <Box maxW="4xl" mx="auto" px={{ base: '3', md: '6' }} py={{ base: '4', md: '8' }} data-testid="my-work-page">
      <Heading as="h1" size="2xl">
        My work
      </Heading>
      <Text color="fg.muted" mt="1" mb="5" data-testid="my-work-summary">
        {data ? `${data.total} asset${data.total === 1 ? '' : 's'} assigned to you${overdue ? ` · ${overdue} overdue` : ''}` : ' '}
      </Text>
      {error !== null && !data && (
        <Alert.Root status="error" mb="4">
          <Alert.Indicator />
          <Alert.Title>{errorMessage(error)}</Alert.Title>
          <Button size="sm" ms="auto" onClick={reload}>
            Try again
          </Button>
        </Alert.Root>
      )}
      {loading && !data ? (
        <Stack gap="3">
          {[0, 1, 2].map((n) => (
            <Skeleton key={n} h="24" borderRadius="xl" />
          ))}
        </Stack>
      ) : items.length === 0 && data ? (
        <Text color="fg.muted" data-testid="my-work-empty">
          No assets are assigned to you.
        </Text>
      ) : (
        <Stack as="ul" gap="3" m="0" p="0" data-testid="my-work-list">
          {items.map((asset) => (
            <Row key={asset.id} asset={asset} today={today} online={online} onInspect={setInspecting} />
          ))}
        </Stack>
      )}
      {data && data.total > items.length && (
        <Text mt="4" fontSize="sm" color="fg.muted">
          The first {items.length} are listed; the asset list's “Assigned to me” filter shows them all.
        </Text>
      )}
      <InspectionDialog
        key={inspecting?.id ?? 'none'}
        asset={inspecting}
        today={today}
        onClose={() => setInspecting(null)}
        onDone={() => {
          setInspecting(null)
          reload()
        }}
      />
    </Box>
  )
}
