import { Box, HStack, Progress, Text } from '@chakra-ui/react'
import { useAtomValue } from 'jotai'
import type { ReactNode } from 'react'

import { documentProgressAtom, documentStatus, STAGE_LABELS, type DocumentStatus } from '@/data/document-progress'
import type { AnyRecord } from '@/data/records'

const PALETTE = { queued: 'gray', processing: 'blue', ready: 'green', failed: 'red' } as const

/** A labelled bar: the transfer ('Uploading 40%') or a processing stage ('Reading the text 50%'). */
export function StageBar({
  label,
  percent,
  palette = 'blue',
  testId,
  attributes,
  striped,
}: {
  label: ReactNode
  percent: number
  palette?: string
  testId?: string
  attributes?: Record<string, string>
  striped?: boolean
}) {
  return (
    <Box data-testid={testId} data-value={String(percent)} {...attributes}>
      <HStack justify="space-between" gap="2" mb="1">
        <Text fontSize="xs" color="fg.muted" truncate>
          {label}
        </Text>
        <Text fontSize="xs" color="fg.muted" fontVariantNumeric="tabular-nums" flexShrink={0}>
          {percent}%
        </Text>
      </HStack>
      <Progress.Root value={percent} max={100} size="xs" colorPalette={palette} striped={striped} animated={striped} aria-label={typeof label === 'string' ? label : undefined}>
        <Progress.Track borderRadius="full">
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
    </Box>
  )
}

/** The processing bar of a document (stage, percent, attempt), coloured by state. */
export function ProcessingBar({ status, testId }: { status: DocumentStatus; testId?: string }) {
  const label =
    status.state === 'failed'
      ? 'Failed'
      : status.state === 'ready'
        ? status.duplicateOfId !== null
          ? 'Ready (duplicate)'
          : 'Ready'
        : `${status.message || STAGE_LABELS[status.stage]}${status.attempt > 1 ? ` · attempt ${status.attempt}` : ''}`
  return (
    <StageBar
      label={label}
      percent={status.state === 'ready' || status.state === 'failed' ? 100 : status.percent}
      palette={PALETTE[status.state]}
      striped={!status.finished}
      testId={testId}
      attributes={{ 'data-state': status.state, 'data-stage': status.stage }}
    />
  )
}

/**
 * A list cell's document state: the badge of the state the pushes say (a progress push may arrive
 * before the record push), with the processing percent next to it while queued or processing.
 */
export function DocumentStateCell({ record, badge }: { record: AnyRecord; badge: (state: string) => ReactNode }) {
  const push = useAtomValue(documentProgressAtom)[record.id]
  const status = documentStatus(record, push)
  if (status.finished) return <>{badge(status.state)}</>
  return (
    <HStack as="span" gap="2" display="inline-flex" data-testid={`doc-progress-${record.id}`} data-stage={status.stage} title={status.message || STAGE_LABELS[status.stage]}>
      {badge(status.state)}
      <Box as="span" w="12" h="1.5" borderRadius="full" bg="bg.emphasized" overflow="hidden" display="inline-block">
        <Box as="span" display="block" h="full" w={`${status.percent}%`} bg="blue.solid" transition="width 0.3s" />
      </Box>
      <Text as="span" fontSize="xs" color="fg.muted" fontVariantNumeric="tabular-nums">
        {status.percent}%
      </Text>
    </HStack>
  )
}
