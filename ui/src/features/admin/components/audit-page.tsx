import { Badge, Button, Input, Table, Text } from '@chakra-ui/react'
import { useAtomValue, useSetAtom } from 'jotai'
import { useEffect, useMemo, useState } from 'react'

import { exportAudit, listAudit, listUsers, liveAuditAtom, type AdminUser, type AuditEntry, type AuditFilters } from '@/data/admin'
import { OptionSelect } from '@/components/option-select'
import { errorMessage } from '@/data/client'
import { formatDateTime } from '@/lib/format'
import { realtimeEpochAtom } from '@/data/live'
import { showMessage } from '@/lib/snackbar'

import { AdminTablePage } from './admin-table-page'

const GROUPS: Record<string, string> = { auth: 'Every sign-in event', user: 'Every user change', record: 'Every record change' }

function matches(entry: AuditEntry, filters: AuditFilters): boolean {
  if (filters.kind && entry.kind !== filters.kind && !entry.kind.startsWith(`${filters.kind}.`)) return false
  if (filters.actor && String(entry.actor?.id ?? '') !== filters.actor) return false
  if (filters.target && String(entry.target?.id ?? '') !== filters.target) return false
  if (filters.from && entry.at < new Date(filters.from).toISOString()) return false
  if (filters.to && entry.at > new Date(filters.to).toISOString()) return false
  if (filters.q) {
    const needle = filters.q.toLowerCase()
    const text = [entry.kind, entry.actor?.username, entry.target?.username, entry.ip, entry.resource].join(' ').toLowerCase()
    if (!text.includes(needle)) return false
  }
  return true
}

function describe(entry: AuditEntry): string {
  const detail = entry.detail ?? {}
  if (entry.source === 'record') return `${entry.resource ?? 'record'} #${entry.recordId ?? ''}`
  const parts: string[] = []
  if (typeof detail.reason === 'string') parts.push(detail.reason)
  if (typeof detail.from === 'string' || typeof detail.to === 'string') parts.push(`${String(detail.from ?? '–')} → ${String(detail.to ?? '–')}`)
  if (Array.isArray(detail.fields)) parts.push(detail.fields.join(', '))
  if (typeof detail.count === 'number') parts.push(`${detail.count} session${detail.count === 1 ? '' : 's'}`)
  return parts.join(' · ')
}

/** /admin/audit: sign-in and administration events merged with the records' history, newest first. */
export default function AuditPage() {
  const epoch = useAtomValue(realtimeEpochAtom)
  const live = useAtomValue(liveAuditAtom)
  const setLive = useSetAtom(liveAuditAtom)
  const [filters, setFilters] = useState<AuditFilters>({})
  const [draftQ, setDraftQ] = useState('')
  const [items, setItems] = useState<AuditEntry[]>([])
  const [next, setNext] = useState<string | null>(null)
  const [kinds, setKinds] = useState<Record<string, string>>({})
  const [people, setPeople] = useState<AdminUser[]>([])
  const [error, setError] = useState<unknown>(null)
  const [loaded, setLoaded] = useState(false)

  useEffect(() => {
    listUsers({ perPage: 100, sort: 'username' })
      .then((page) => setPeople(page.items))
      .catch(() => setPeople([]))
  }, [])

  useEffect(() => {
    let current = true
    listAudit(filters)
      .then((page) => {
        if (!current) return
        setLive([]) // what was pushed so far is in this first page
        setItems(page.items)
        setNext(page.nextCursor)
        setKinds(page.kinds)
        setError(null)
      })
      .catch((e: unknown) => current && setError(e))
      .finally(() => current && setLoaded(true))
    return () => {
      current = false
    }
  }, [filters, epoch, setLive])

  useEffect(() => {
    const timer = setTimeout(() => setFilters((f) => ((f.q ?? '') === draftQ ? f : { ...f, q: draftQ || undefined })), 300)
    return () => clearTimeout(timer)
  }, [draftQ])

  const shown = useMemo(() => {
    const known = new Set(items.map((e) => e.id))
    return [...live.filter((e) => !known.has(e.id) && matches(e, filters)), ...items]
  }, [live, items, filters])

  const more = async () => {
    if (!next) return
    try {
      const page = await listAudit(filters, next)
      setItems((current) => [...current, ...page.items])
      setNext(page.nextCursor)
    } catch (e) {
      showMessage(errorMessage(e), 'error')
    }
  }
  const download = async () => {
    try {
      await exportAudit(filters)
    } catch (e) {
      showMessage(errorMessage(e), 'error')
    }
  }
  const set = (key: keyof AuditFilters, value: string) => setFilters({ ...filters, [key]: value || undefined })
  const userOptions = people.map((u) => ({ value: String(u.id), label: u.username }))
  const kindOptions = [...Object.entries(GROUPS), ...Object.entries(kinds)].map(([value, label]) => ({ value, label }))

  return (
    <AdminTablePage
      testId="admin-audit-page"
      title="Audit log"
      action={
        <Button variant="outline" onClick={() => void download()} data-testid="audit-export">
          Export CSV
        </Button>
      }
      filters={
        <>
        <Input size="sm" maxW="xs" placeholder="Search kind, people, address" value={draftQ} onChange={(e) => setDraftQ(e.target.value)} data-testid="audit-search" />
        <OptionSelect
          w="auto"
          value={filters.kind ?? ''}
          onChange={(kind) => set('kind', kind)}
          label="Kind"
          testId="audit-kind-filter"
          before={<option value="">Every kind</option>}
          options={kindOptions}
        />
        <OptionSelect w="auto" value={filters.actor ?? ''} onChange={(actor) => set('actor', actor)} label="Actor" testId="audit-actor-filter" before={<option value="">Any actor</option>} options={userOptions} />
        <OptionSelect w="auto" value={filters.target ?? ''} onChange={(target) => set('target', target)} label="Target" testId="audit-target-filter" before={<option value="">Any target</option>} options={userOptions} />
        <Input size="sm" w="auto" type="datetime-local" aria-label="From" value={filters.from ?? ''} onChange={(e) => set('from', e.target.value)} data-testid="audit-from" />
        <Input size="sm" w="auto" type="datetime-local" aria-label="To" value={filters.to ?? ''} onChange={(e) => set('to', e.target.value)} data-testid="audit-to" />
        </>
      }
      error={error}
      table={
        <Table.Root size="sm" data-testid="audit-table">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Time</Table.ColumnHeader>
              <Table.ColumnHeader>Event</Table.ColumnHeader>
              <Table.ColumnHeader>Actor</Table.ColumnHeader>
              <Table.ColumnHeader>Target</Table.ColumnHeader>
              <Table.ColumnHeader>Details</Table.ColumnHeader>
              <Table.ColumnHeader>Address / device</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {shown.map((entry) => (
              <Table.Row key={entry.id} data-testid="audit-row" data-kind={entry.kind} data-target={entry.target?.username ?? ''}>
                <Table.Cell whiteSpace="nowrap">{formatDateTime(entry.at)}</Table.Cell>
                <Table.Cell>
                  <Badge colorPalette={entry.kind.includes('failed') || entry.kind.includes('locked') || entry.kind.includes('reuse') ? 'red' : entry.source === 'record' ? 'blue' : 'gray'}>{entry.label}</Badge>
                </Table.Cell>
                <Table.Cell>{entry.actor?.username ?? '—'}</Table.Cell>
                <Table.Cell>{entry.target?.username ?? '—'}</Table.Cell>
                <Table.Cell>{describe(entry)}</Table.Cell>
                <Table.Cell>
                  <Text fontSize="xs">{entry.ip ?? ''}</Text>
                  <Text fontSize="xs" color="fg.muted">
                    {entry.device ?? ''}
                  </Text>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      }
      after={
        <>
      {loaded && shown.length === 0 && (
        <Text mt="3" color="fg.muted">
          No entries match these filters.
        </Text>
      )}
      {next && (
        <Button mt="3" variant="outline" onClick={() => void more()} data-testid="audit-more">
          Load older entries
        </Button>
      )}
        </>
      }
    />
  )
}
