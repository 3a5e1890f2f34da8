import { Badge, Box, HStack, Link, Text } from '@chakra-ui/react'
import { Link as RouterLink } from 'react-router-dom'

import { formatBytes, formatDate, formatDateTime, formatMoney, formatNumber } from '@/lib/format'
import { valueColor } from '@/lib/record-colors'
import { RESOURCE_LABELS, type AnyRecord, type Options, type UserRef } from '@/data/records'

import type { ColumnDef, FieldDef, OptionsKey } from '@/config/records'

import { DocumentStateCell } from './document-progress-bar'

/** An enumerated value with its colour (status, risk, stage, document state). */
export function EnumBadge({ list, value, options }: { list: OptionsKey; value: string; options: Options | null }) {
  const option = options?.[list].find((o) => o.value === value)
  const color = valueColor(list, value, option?.color)
  const label = option?.label ?? value
  if (!color) return <Text as="span">{label}</Text>
  return (
    <Badge
      variant="outline"
      size="sm"
      gap="1.5"
      borderRadius="full"
      px="2"
      color="fg"
      boxShadow={`inset 0 0 0 1px color-mix(in srgb, ${color} 55%, transparent)`}
      bg={`color-mix(in srgb, ${color} 14%, transparent)`}
      data-value={value}
      whiteSpace="nowrap"
    >
      <Box as="span" boxSize="2" borderRadius="full" bg={color} flexShrink={0} borderWidth="1px" borderColor="blackAlpha.300" />
      {label}
    </Badge>
  )
}

type Def = Pick<ColumnDef | FieldDef, 'key' | 'kind' | 'options' | 'personKey' | 'refResource'>

/** A record's field shown read-only, by kind. */
export function RecordValue({ def, record, options }: { def: Def; record: AnyRecord; options: Options | null }) {
  const value = record[def.key]
  const empty = (
    <Text as="span" color="fg.subtle">
      —
    </Text>
  )
  switch (def.kind) {
    case 'enum':
      if (value && def.options === 'documentStates') {
        return <DocumentStateCell record={record} badge={(state) => <EnumBadge list="documentStates" value={state} options={options} />} />
      }
      return value ? <EnumBadge list={def.options!} value={String(value)} options={options} /> : empty
    case 'person': {
      const person = (def.personKey ? record[def.personKey] : null) as UserRef | null
      if (person) return <Text as="span">{person.displayName}</Text>
      return value ? <Text as="span">#{String(value)}</Text> : empty
    }
    case 'recordRef':
      if (value === null || value === undefined) return empty
      return (
        <Link asChild color="brand.fg" onClick={(e) => e.stopPropagation()}>
          <RouterLink to={`${RESOURCE_LABELS[def.refResource!].path}/${String(value)}`}>
            {RESOURCE_LABELS[def.refResource!].one} #{String(value)}
          </RouterLink>
        </Link>
      )
    case 'date':
      return value ? <Text as="span">{formatDate(String(value))}</Text> : empty
    case 'datetime':
      return value ? <Text as="span">{formatDateTime(String(value))}</Text> : empty
    case 'money':
      return typeof value === 'number' ? <Text as="span" fontVariantNumeric="tabular-nums">{formatMoney(value)}</Text> : empty
    case 'number':
      return typeof value === 'number' ? <Text as="span">{formatNumber(value)}</Text> : empty
    case 'percent':
      return typeof value === 'number' ? (
        <HStack as="span" gap="2" display="inline-flex">
          <Box as="span" w="10" h="1.5" borderRadius="full" bg="bg.emphasized" overflow="hidden" display="inline-block">
            <Box as="span" display="block" h="full" w={`${Math.max(0, Math.min(100, value))}%`} bg="brand.solid" />
          </Box>
          <Text as="span" fontVariantNumeric="tabular-nums">
            {value}%
          </Text>
        </HStack>
      ) : (
        empty
      )
    case 'bytes':
      return typeof value === 'number' ? <Text as="span">{formatBytes(value)}</Text> : empty
    case 'boolean':
      return <Text as="span">{value ? 'Yes' : 'No'}</Text>
    case 'email':
      return value ? (
        <Link href={`mailto:${String(value)}`} color="brand.fg" onClick={(e) => e.stopPropagation()}>
          {String(value)}
        </Link>
      ) : (
        empty
      )
    default:
      return value === null || value === undefined || value === '' ? (
        empty
      ) : (
        <Text as="span" whiteSpace={def.kind === 'textarea' ? 'pre-wrap' : undefined}>
          {String(value)}
        </Text>
      )
  }
}
