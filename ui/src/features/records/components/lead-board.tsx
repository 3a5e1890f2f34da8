import { Alert, Box, Flex, Heading, HStack, NativeSelect, Skeleton, Stack, Text } from '@chakra-ui/react'
import { useAtomValue, useSetAtom } from 'jotai'
import { useEffect, useMemo, useState } from 'react'
import { Link as RouterLink } from 'react-router-dom'

import { useOptions } from '@/hooks/use-options'
import { ApiError, errorMessage } from '@/data/client'
import { userAtom } from '@/lib/auth'
import { useDialog } from '@/lib/dialog'
import { formatDate, formatK, formatMoney } from '@/lib/format'
import { canEdit } from '@/lib/permissions'
import { liveRecordsAtom, overlay, realtimeEpochAtom } from '@/data/live'
import { valueColor } from '@/lib/record-colors'
import { queryKey, queryViewAtom, writeQueryAtom, writeRecordsAtom } from '@/data/cache'
import { listAll, updateRecord, type AnyRecord, type Lead, type ListParams, type Option, type Options } from '@/data/records'
import { showMessage } from '@/lib/snackbar'

import { rememberPeopleAtom } from '../atoms'
import { stageTotals } from '../board-totals'
import { leadsConfig } from '@/config/records'
import { useStructuralChanges } from '../hooks'
import { toApiParams, type ListState } from '../list-state'

import { EnumBadge } from './value'

const FALLBACK_STAGES: Option[] = ['new', 'qualified', 'proposal', 'negotiation', 'won', 'lost'].map((value) => ({
  value,
  label: value[0].toUpperCase() + value.slice(1),
}))

function Card({
  lead,
  draggable,
  flash,
  options,
  stages,
  onMove,
}: {
  lead: Lead
  draggable: boolean
  flash: boolean
  options: Options | null
  stages: { value: string; label: string }[]
  onMove: (stage: string) => void
}) {
  return (
    <Box
      bg="bg.panel"
      borderWidth="1px"
      borderColor="border.muted"
      borderRadius="lg"
      p="3"
      draggable={draggable}
      cursor={draggable ? 'grab' : 'default'}
      onDragStart={(e) => {
        e.dataTransfer.setData('text/plain', String(lead.id))
        e.dataTransfer.effectAllowed = 'move'
      }}
      _hover={{ borderColor: 'border.emphasized' }}
      animation={flash ? 'portalFlash 2.5s ease-out' : undefined}
      data-testid={`board-card-${lead.id}`}
      data-stage={lead.stage}
      data-version={lead.version}
      data-draggable={draggable ? 'true' : 'false'}
    >
      <RouterLink to={`/leads/${lead.id}`} draggable={false}>
        <Text fontWeight="semibold" fontSize="sm" lineClamp={2} _hover={{ color: 'brand.fg' }}>
          {lead.title}
        </Text>
      </RouterLink>
      <Text fontSize="xs" color="fg.muted" mt="0.5" truncate>
        {lead.clientCompany}
      </Text>
      <HStack justify="space-between" mt="2" gap="2">
        <Text fontSize="sm" fontWeight="semibold" fontVariantNumeric="tabular-nums" data-testid={`board-card-${lead.id}-value`}>
          {formatMoney(Number(lead.estimatedValue) || 0)}
        </Text>
        <Text fontSize="xs" color="fg.muted" title={lead.probabilityManual ? 'Probability set by hand' : 'The stage’s probability'} data-testid={`board-card-${lead.id}-probability`}>
          {lead.probability}%{lead.probabilityManual ? ' ✎' : ''}
        </Text>
      </HStack>
      <HStack justify="space-between" mt="2" gap="2">
        <EnumBadge list="risks" value={lead.risk} options={options} />
        <Text fontSize="xs" color="fg.subtle" truncate>
          {lead.owner?.displayName ?? ''}
          {lead.expectedClose ? ` · ${formatDate(lead.expectedClose)}` : ''}
        </Text>
      </HStack>
      {draggable && (
        // The same move without dragging (keyboard, touch screens).
        <NativeSelect.Root size="xs" mt="2" variant="subtle">
          <NativeSelect.Field
            aria-label={`Move “${lead.title}” to stage`}
            value={lead.stage}
            onChange={(e) => onMove(e.target.value)}
            data-testid={`board-card-${lead.id}-move`}
          >
            {stages.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      )}
    </Box>
  )
}

/** Opportunities as a board by stage: drag a card to another column to change its stage. */
export default function LeadBoard({ state }: { state: ListState }) {
  const user = useAtomValue(userAtom)
  const options = useOptions()
  const epoch = useAtomValue(realtimeEpochAtom)
  const structural = useStructuralChanges('leads', 800)
  const live = useAtomValue(liveRecordsAtom).leads
  const remember = useSetAtom(rememberPeopleAtom)
  const { confirm, prompt } = useDialog()
  const writeQuery = useSetAtom(writeQueryAtom)
  const writeRecords = useSetAtom(writeRecordsAtom)
  // The board's answer lives in the record cache (pushes update its cards); `shown` names it.
  const [data, setData] = useState<{ key: string; complete: boolean } | null>(null)
  const [error, setError] = useState<unknown>(null)
  const [moving, setMoving] = useState<Record<number, string>>({})
  const [over, setOver] = useState<string | null>(null)
  const [attempt, setAttempt] = useState(0)
  const [mountedAt] = useState(() => Date.now())

  const filters = useMemo(() => {
    const { page: _page, perPage: _perPage, sort: _sort, order: _order, ...rest } = toApiParams(state, leadsConfig, user.data?.id)
    return JSON.stringify(rest)
  }, [state, user.data?.id])

  useEffect(() => {
    const controller = new AbortController()
    const params = { ...JSON.parse(filters), sort: 'estimatedValue', order: 'desc' } as ListParams
    listAll('leads', params, controller.signal).then(
      ({ items, total, complete }) => {
        if (controller.signal.aborted) return
        const rows = items as unknown as AnyRecord[]
        const key = queryKey('leads', { ...params, all: 'true' })
        remember({ records: rows, keys: ['owner'] })
        writeQuery({ key, resource: 'leads', page: { items: rows, total, page: null, perPage: rows.length } })
        setData({ key, complete })
        setError(null)
      },
      (e: unknown) => {
        if (!controller.signal.aborted) setError(e)
      },
    )
    return () => controller.abort()
  }, [filters, epoch, structural, attempt, remember, writeQuery])
  const view = useAtomValue(queryViewAtom(data?.key ?? ''))

  const stages = options?.stages.length ? options.stages : FALLBACK_STAGES
  const leads = useMemo(
    () =>
      ((view?.rows ?? []) as unknown as Lead[])
        .map((item) => overlay(item, live))
        .filter((o) => !o.deleted)
        .map((o) => (moving[o.record.id] ? { ...o.record, stage: moving[o.record.id] } : o.record)),
    [view, live, moving],
  )
  const totals = stageTotals(leads)

  async function move(id: number, stage: string) {
    const lead = leads.find((l) => l.id === id)
    if (!lead || lead.stage === stage) return
    const changes: Record<string, unknown> = { stage }
    if (stage === 'lost') {
      const reason = await prompt({
        title: `Mark “${lead.title}” as lost`,
        body: 'Say why the opportunity was lost.',
        input: { label: 'Lost reason', required: true, initial: lead.lostReason ?? '' },
        confirmLabel: 'Mark as lost',
      })
      if (reason === null) return
      changes.lostReason = reason
    }
    // The stage sets its probability (on the server) unless a person chose one: then they decide here.
    const target = stages.find((s) => s.value === stage)
    if (lead.probabilityManual && target?.probability !== undefined && target.probability !== lead.probability) {
      const takeDefault = await confirm({
        title: `Probability of “${lead.title}”`,
        body: `Its probability, ${lead.probability} %, was set by hand. ${target.label} usually means ${target.probability} %. Which should it have?`,
        confirmLabel: `Use ${target.probability} %`,
        cancelLabel: `Keep ${lead.probability} %`,
      })
      if (takeDefault) changes.probability = target.probability
    }
    setMoving((m) => ({ ...m, [id]: stage }))
    try {
      const saved = await updateRecord('leads', id, lead.version, changes)
      writeRecords({ resource: 'leads', rows: [saved as unknown as AnyRecord] }) // every page showing it follows
      const label = stages.find((s) => s.value === stage)?.label ?? stage
      showMessage(`“${lead.title}” moved to ${label}.`, 'success')
    } catch (e) {
      if (e instanceof ApiError && e.status === 409) {
        showMessage('Someone else changed this opportunity meanwhile. The board now shows their version.', 'warning')
        setAttempt((n) => n + 1)
      } else {
        showMessage(errorMessage(e), 'error')
      }
    } finally {
      setMoving((m) => {
        const next = { ...m }
        delete next[id]
        return next
      })
    }
  }

  if (error && !data) {
    return (
      <Alert.Root status="error" borderRadius="lg" data-testid="board-error">
        <Alert.Indicator />
        <Alert.Title>{errorMessage(error)}</Alert.Title>
      </Alert.Root>
    )
  }

  return (
    <Stack gap="3">
      {data && !data.complete && (
        <Text fontSize="sm" color="fg.muted">
          The board shows the first 2,000 opportunities of this view; narrow it with the filters.
        </Text>
      )}
      {/* Phones: one stage at a time, snapping to each column as the board scrolls sideways. */}
      <Flex
        gap={{ base: '3', md: '4' }}
        overflowX="auto"
        pb="4"
        align="flex-start"
        scrollSnapType={{ base: 'x mandatory', md: 'none' }}
        scrollPaddingInline={{ base: '0', md: undefined }}
        overscrollBehaviorX="contain"
        data-testid="lead-board"
      >
        {stages.map((stage) => {
          const cards = leads.filter((l) => l.stage === stage.value)
          const t = totals[stage.value] ?? { count: 0, value: 0, weighted: 0 }
          const color = valueColor('stages', stage.value) ?? '#94a3b8'
          return (
            <Box
              key={stage.value}
              flex={{ base: '0 0 calc(100% - 40px)', md: '0 0 272px' }}
              scrollSnapAlign="start"
              bg={over === stage.value ? 'bg.emphasized' : 'bg.subtle'}
              borderRadius="xl"
              borderTopWidth="3px"
              borderTopColor={color}
              p="3"
              transition="background 0.15s"
              onDragOver={(e) => {
                e.preventDefault()
                e.dataTransfer.dropEffect = 'move'
                if (over !== stage.value) setOver(stage.value)
              }}
              onDragLeave={(e) => {
                if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOver(null)
              }}
              onDrop={(e) => {
                e.preventDefault()
                setOver(null)
                const id = Number(e.dataTransfer.getData('text/plain'))
                if (id) void move(id, stage.value)
              }}
              data-testid={`board-column-${stage.value}`}
            >
              <Flex justify="space-between" align="baseline" mb="1">
                <Heading as="h2" size="sm">
                  {stage.label}{' '}
                  <Text as="span" color="fg.muted" fontWeight="normal" data-testid={`board-column-${stage.value}-count`}>
                    {t.count}
                  </Text>
                </Heading>
                <Text fontSize="sm" fontWeight="semibold" title={formatMoney(t.value)} data-testid={`board-column-${stage.value}-sum`} data-value={t.value}>
                  {formatK(t.value)}
                </Text>
              </Flex>
              <Text fontSize="xs" color="fg.subtle" mb="3">
                Weighted {formatK(t.weighted)}
              </Text>
              <Stack gap="2" minH="24" maxH={{ lg: 'calc(100dvh - 300px)' }} overflowY={{ lg: 'auto' }} pe={{ lg: '1' }} mx={{ lg: '-1' }} px={{ lg: '1' }}>
                {!data && [0, 1, 2].map((i) => <Skeleton key={i} h="24" borderRadius="lg" />)}
                {cards.map((lead) => {
                  const entry = live[lead.id]
                  const recent = entry && entry.at >= mountedAt ? entry.at : null
                  return (
                    <Card
                      key={`${lead.id}:${recent ?? ''}`}
                      lead={lead}
                      options={options}
                      draggable={canEdit(user.role[0], user.data?.id, 'leads', lead as unknown as AnyRecord) && !moving[lead.id]}
                      flash={recent !== null}
                      stages={stages}
                      onMove={(target) => void move(lead.id, target)}
                    />
                  )
                })}
              </Stack>
            </Box>
          )
        })}
      </Flex>
    </Stack>
  )
}
