import { Box, chakra, CloseButton, HStack, Input, Text } from '@chakra-ui/react'
import { useEffect, useState } from 'react'

import { getRecord, listRecords, type AnyRecord, type Resource } from '@/data/records'

import { RESOURCE_CONFIGS } from '@/config/records'

/**
 * Picks a linked record (a document's asset or opportunity) by searching, instead of typing ids.
 * `value` is the record id as text ('' = none).
 */
export function RecordPicker({
  resource,
  value,
  disabled,
  testId,
  onChange,
}: {
  resource: Resource
  value: string
  disabled: boolean
  testId: string
  onChange: (value: string) => void
}) {
  const config = RESOURCE_CONFIGS[resource]
  const [query, setQuery] = useState('')
  const [results, setResults] = useState<AnyRecord[]>([])
  const [selected, setSelected] = useState<AnyRecord | null>(null)
  const [open, setOpen] = useState(false)

  // The linked record's name.
  useEffect(() => {
    if (!value || (selected && String(selected.id) === value)) return
    const controller = new AbortController()
    getRecord(resource, Number(value), controller.signal).then(
      (r) => setSelected(r as unknown as AnyRecord),
      () => undefined,
    )
    return () => controller.abort()
  }, [resource, value, selected])

  useEffect(() => {
    if (!open) return
    const controller = new AbortController()
    const timer = setTimeout(() => {
      listRecords(resource, { q: query.trim() || undefined, perPage: 8, sort: 'updatedAt', order: 'desc' }, controller.signal).then(
        (page) => setResults(page.items as unknown as AnyRecord[]),
        () => undefined,
      )
    }, 250)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [resource, query, open])

  const current = value && selected && String(selected.id) === value ? selected : null
  return (
    <Box position="relative">
      {value && (
        <HStack mb="1.5" gap="2" fontSize="sm" data-testid={`${testId}-selected`}>
          <Text truncate flex="1">
            {current ? config.titleOf(current) : `${config.one} #${value}`}
          </Text>
          {!disabled && <CloseButton size="2xs" aria-label={`Remove the ${config.one}`} onClick={() => onChange('')} data-testid={`${testId}-clear`} />}
        </HStack>
      )}
      <Input
        size="sm"
        placeholder={value ? `Change the ${config.one}…` : `Search ${config.title.toLowerCase()}…`}
        value={query}
        disabled={disabled}
        onChange={(e) => setQuery(e.target.value)}
        onFocus={() => setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        data-testid={testId}
      />
      {open && results.length > 0 && (
        <Box
          position="absolute"
          zIndex="dropdown"
          insetInline="0"
          mt="1"
          bg="bg.panel"
          borderWidth="1px"
          borderColor="border"
          borderRadius="md"
          boxShadow="lg"
          maxH="60"
          overflowY="auto"
          role="listbox"
        >
          {results.map((r) => (
            <chakra.button
              key={r.id}
              type="button"
              role="option"
              display="block"
              w="full"
              textAlign="start"
              px="3"
              py="1.5"
              fontSize="sm"
              _hover={{ bg: 'bg.muted' }}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => {
                setSelected(r)
                onChange(String(r.id))
                setQuery('')
                setOpen(false)
              }}
              data-testid={`${testId}-option-${r.id}`}
            >
              {config.titleOf(r)}
            </chakra.button>
          ))}
        </Box>
      )}
    </Box>
  )
}
