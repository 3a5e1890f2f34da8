import { Badge, Box, Flex, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'

import { formatDateTime, formatRelative } from '@/lib/format'
import type { HistoryEntry } from '@/lib/records'

import type { FieldDef } from '../config'

const ACTION_COLOURS = { create: 'green', update: 'blue', delete: 'red' } as const
const ACTION_WORDS = { create: 'created', update: 'changed', delete: 'deleted' } as const

function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—'
  if (typeof value === 'object') return JSON.stringify(value)
  const text = String(value)
  return text.length > 80 ? `${text.slice(0, 77)}…` : text
}

function Entry({ entry, labels }: { entry: HistoryEntry; labels: Record<string, string> }) {
  const [open, setOpen] = useState(entry.action === 'update')
  const changes = Object.entries(entry.changes ?? {})
  return (
    <Box as="li" listStyleType="none" borderInlineStartWidth="2px" borderColor="border.muted" ps="4" pb="4" position="relative" data-testid={`history-entry-${entry.id}`}>
      <Box position="absolute" insetInlineStart="-5px" top="1.5" boxSize="2" borderRadius="full" bg={`${ACTION_COLOURS[entry.action] ?? 'gray'}.400`} />
      <Flex gap="2" align="center" wrap="wrap">
        <Badge size="sm" colorPalette={ACTION_COLOURS[entry.action] ?? 'gray'}>
          {entry.action}
        </Badge>
        <Text fontSize="sm">
          <Text as="span" fontWeight="semibold">
            {entry.actor?.displayName ?? 'Someone'}
          </Text>{' '}
          {ACTION_WORDS[entry.action] ?? entry.action}
          {entry.action === 'update' ? ` ${changes.map(([k]) => labels[k] ?? k).join(', ')}` : ' the record'}
        </Text>
        <Text fontSize="xs" color="fg.subtle" title={formatDateTime(entry.at)}>
          {formatRelative(entry.at)}
        </Text>
      </Flex>
      {changes.length > 0 && entry.action !== 'update' && (
        <Text as="button" fontSize="xs" color="brand.fg" mt="1" onClick={() => setOpen(!open)}>
          {open ? 'Hide values' : `Show ${changes.length} values`}
        </Text>
      )}
      {open && changes.length > 0 && (
        <Stack as="dl" gap="1" mt="2" fontSize="xs">
          {changes.map(([field, pair]) => {
            const [from, to] = Array.isArray(pair) ? pair : [undefined, pair]
            return (
              <Flex key={field} gap="2" wrap="wrap">
                <Text as="dt" color="fg.muted" minW="28">
                  {labels[field] ?? field}
                </Text>
                <Text as="dd" wordBreak="break-word">
                  {entry.action !== 'create' && (
                    <Text as="span" color="fg.subtle" textDecoration="line-through" me="1.5">
                      {show(from)}
                    </Text>
                  )}
                  {entry.action !== 'delete' && <Text as="span">{show(to)}</Text>}
                </Text>
              </Flex>
            )
          })}
        </Stack>
      )}
    </Box>
  )
}

/** History of changes, newest first: who changed which field from what to what. */
export function HistoryList({ items, fields }: { items: HistoryEntry[]; fields: FieldDef[] }) {
  const labels = Object.fromEntries(fields.map((f) => [f.key, f.label]))
  if (items.length === 0) {
    return (
      <Text fontSize="sm" color="fg.muted">
        No changes recorded yet.
      </Text>
    )
  }
  return (
    <Box as="ol" ms="1" data-testid="history-list">
      {items.map((entry) => (
        <Entry key={entry.id} entry={entry} labels={labels} />
      ))}
    </Box>
  )
}
