import { Badge, Box, Flex, Stack, Text } from '@chakra-ui/react'
import { useAtomValue } from 'jotai'
import { useState } from 'react'

import { formatDateTime, formatRelative } from '@/lib/format'
import type { HistoryEntry, Options, Resource } from '@/data/records'

import { peopleAtom } from '../atoms'
import { actorLabel, fieldLabel, isInternalField, valueLabel } from '@/lib/record-labels'

const ACTION_COLOURS = { create: 'green', update: 'blue', delete: 'red' } as const
const ACTION_WORDS = { create: 'created', update: 'changed', delete: 'deleted' } as const
const ACTION_BADGES = { create: 'Created', update: 'Changed', delete: 'Deleted' } as const

function Entry({ entry, resource, options }: { entry: HistoryEntry; resource: Resource; options: Options | null }) {
  const [open, setOpen] = useState(entry.action === 'update')
  const people = useAtomValue(peopleAtom)
  // Field names and values as the rest of the UI words them; storage internals left out.
  const changes = Object.entries(entry.changes ?? {}).filter(([key]) => !isInternalField(key))
  const show = (key: string, value: unknown) => valueLabel(resource, key, value, options, people)
  return (
    <Box as="li" listStyleType="none" borderInlineStartWidth="2px" borderColor="border.muted" ps="4" pb="4" position="relative" data-testid={`history-entry-${entry.id}`}>
      <Box position="absolute" insetInlineStart="-5px" top="1.5" boxSize="2" borderRadius="full" bg={`${ACTION_COLOURS[entry.action] ?? 'gray'}.400`} />
      <Flex gap="2" align="center" wrap="wrap">
        <Badge size="sm" colorPalette={ACTION_COLOURS[entry.action] ?? 'gray'}>
          {ACTION_BADGES[entry.action] ?? entry.action}
        </Badge>
        <Text fontSize="sm">
          <Text as="span" fontWeight="semibold" data-testid="history-actor">
            {actorLabel(resource, entry.actor)}
          </Text>{' '}
          {ACTION_WORDS[entry.action] ?? entry.action}
          {entry.action === 'update' ? ` ${changes.map(([k]) => fieldLabel(resource, k)).join(', ')}` : ' the record'}
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
                  {fieldLabel(resource, field)}
                </Text>
                <Text as="dd" wordBreak="break-word">
                  {entry.action !== 'create' && (
                    <Text as="span" color="fg.subtle" textDecoration="line-through" me="1.5">
                      {show(field, from)}
                    </Text>
                  )}
                  {entry.action !== 'delete' && <Text as="span">{show(field, to)}</Text>}
                </Text>
              </Flex>
            )
          })}
        </Stack>
      )}
    </Box>
  )
}

/** History of changes, newest first: who changed which field from what to what, in the UI's words. */
export function HistoryList({ items, resource, options }: { items: HistoryEntry[]; resource: Resource; options: Options | null }) {
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
        <Entry key={entry.id} entry={entry} resource={resource} options={options} />
      ))}
    </Box>
  )
}
