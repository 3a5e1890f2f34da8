import { Box, Button, CloseButton, HStack, Input, Progress, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'

import { Section } from '@/components/section'
import { Checkbox } from '@/components/ui/checkbox'

import type { Checklist } from '../api'
import { checklistProgress, newId } from '../board-utils'
import { CheckSquareIcon } from '../icons'

import { InlineName } from './board-list'

/** One checklist of a card: its name, progress, items (checked, renamed, removed) and a new-item field. */
export function ChecklistBlock({ checklist, index, onChange, onRemove }: { checklist: Checklist; index: number; onChange: (c: Checklist) => void; onRemove: () => void }) {
  const [item, setItem] = useState('')
  const { done, total } = checklistProgress([checklist])
  const addItem = () => {
    const name = item.trim()
    if (!name) return
    onChange({ ...checklist, checkItems: [...checklist.checkItems, { id: newId(), name, checked: false }] })
    setItem('')
  }
  return (
    <Section level="h3" size="sm" headerMb="2" landmark={false}
      icon={<CheckSquareIcon boxSize="4" />}
      title={<InlineName value={checklist.name} onSave={(name) => onChange({ ...checklist, name })} testId={`card-checklist-${index}-name`} />}
      action={
        <Button size="2xs" variant="ghost" onClick={onRemove} data-testid={`card-checklist-${index}-remove`}>
          Delete
        </Button>
      }
    >
      <HStack gap="2" mb="2">
        <Text fontSize="xs" color="fg.muted" w="9" data-testid={`card-checklist-${index}-progress`}>
          {total ? Math.round((done / total) * 100) : 0}%
        </Text>
        <Progress.Root value={total ? (done / total) * 100 : 0} size="xs" flex="1" colorPalette={done === total && total > 0 ? 'green' : 'brand'}>
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      </HStack>
      <Stack gap="1" ps="1">
        {checklist.checkItems.map((ci, i) => (
          <HStack key={String(ci.id)} gap="2" role="group">
            <Checkbox
              size="sm"
              checked={ci.checked}
              aria-label={ci.checked ? `Uncheck ${ci.name}` : `Check ${ci.name}`}
              onCheckedChange={(d) => onChange({ ...checklist, checkItems: checklist.checkItems.map((x, j) => (j === i ? { ...x, checked: Boolean(d.checked) } : x)) })}
              inputProps={{ 'data-testid': `card-checklist-${index}-item-${i}` }}
            />
            <Box flex="1" minW="0" textDecoration={ci.checked ? 'line-through' : undefined} color={ci.checked ? 'fg.muted' : 'fg'} fontWeight="normal">
              <InlineName
                value={ci.name}
                onSave={(name) => onChange({ ...checklist, checkItems: checklist.checkItems.map((x, j) => (j === i ? { ...x, name } : x)) })}
                testId={`card-checklist-${index}-item-${i}-name`}
              />
            </Box>
            <CloseButton size="2xs" aria-label={`Remove ${ci.name}`} onClick={() => onChange({ ...checklist, checkItems: checklist.checkItems.filter((_, j) => j !== i) })} />
          </HStack>
        ))}
        <HStack gap="2" mt="1">
          <Input
            size="xs"
            placeholder="Add an item"
            value={item}
            onChange={(e) => setItem(e.target.value)}
            onKeyDown={(e) => e.key === 'Enter' && addItem()}
            data-testid={`card-checklist-${index}-new-item`}
          />
          <Button size="xs" variant="outline" disabled={!item.trim()} onClick={addItem} data-testid={`card-checklist-${index}-add-item`}>
            Add
          </Button>
        </HStack>
      </Stack>
    </Section>
  )
}
