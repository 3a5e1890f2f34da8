import { Alert, Box, Button, Grid, HStack, Stack, Text } from '@chakra-ui/react'

import type { AnyRecord, Options } from '@/data/records'

import type { Choice, ConflictField } from '../conflict'
import { fromFormValue } from '../form-values'

import { RecordValue } from './value'

function Side({ row, record, options }: { row: ConflictField; record: AnyRecord; options: Options | null }) {
  const value = fromFormValue(row.field, row.mine)
  const shown = { ...record, [row.field.key]: value, ...(row.field.personKey ? { [row.field.personKey]: null } : {}) }
  return <RecordValue def={row.field} record={shown as AnyRecord} options={options} />
}

/**
 * "Review changes": the fields someone else changed while this person edited, side by side (mine /
 * theirs), each with "Keep mine" / "Take theirs". The draft stays as typed until they decide; Save
 * then saves the merged values on top of the other person's version.
 */
export function ConflictReview({
  who,
  rows,
  theirs,
  choices,
  onChoose,
  options,
  saving,
  onSave,
  onBack,
}: {
  who: string
  rows: ConflictField[]
  theirs: AnyRecord
  choices: Record<string, Choice | undefined>
  onChoose: (key: string, choice: Choice) => void
  options: Options | null
  saving: boolean
  onSave: () => void
  onBack: () => void
}) {
  const undecided = rows.filter((r) => !choices[r.field.key]).length
  return (
    <Stack gap="4" data-testid="conflict-review">
      <Alert.Root status="warning" borderRadius="lg">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>
            {who} saved version {theirs.version} while you were editing.
          </Alert.Title>
          <Alert.Description>
            {rows.length === 0
              ? 'They changed nothing you can edit: your changes can be saved on top of theirs.'
              : 'Choose for each field they changed: keep yours or take theirs. Your other changes are kept.'}
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
      {rows.length > 0 && (
        <Grid templateColumns={{ base: '1fr', md: '10rem minmax(0, 1fr) minmax(0, 1fr)' }} gap="3" alignItems="center" role="table" aria-label="Their changes and yours">
          <Text role="columnheader" fontSize="xs" color="fg.muted" hideBelow="md">
            Field
          </Text>
          <Text role="columnheader" fontSize="xs" color="fg.muted" hideBelow="md">
            Yours
          </Text>
          <Text role="columnheader" fontSize="xs" color="fg.muted" hideBelow="md">
            Theirs
          </Text>
          {rows.map((row) => {
            const key = row.field.key
            const choice = choices[key]
            const mineRow = { ...row, mine: row.mine }
            const theirsRow = { ...row, mine: row.theirs }
            return (
              <Box key={key} display="contents" role="row" data-testid={`conflict-row-${key}`} data-choice={choice ?? ''}>
                <Text role="rowheader" fontWeight="semibold" fontSize="sm">
                  {row.field.label}
                </Text>
                {(['mine', 'theirs'] as const).map((side) => (
                  <HStack
                    key={side}
                    role="cell"
                    justify="space-between"
                    gap="2"
                    p="2"
                    borderWidth="1px"
                    borderRadius="md"
                    borderColor={choice === side ? 'brand.solid' : 'border.muted'}
                    bg={choice === side ? 'brand.subtle' : undefined}
                    data-testid={`conflict-${side}-${key}`}
                  >
                    <Box fontSize="sm" minW="0" wordBreak="break-word">
                      <Side row={side === 'mine' ? mineRow : theirsRow} record={theirs} options={options} />
                    </Box>
                    <Button
                      size="xs"
                      variant={choice === side ? 'solid' : 'outline'}
                      colorPalette="brand"
                      aria-pressed={choice === side}
                      onClick={() => onChoose(key, side)}
                      data-testid={`conflict-${side === 'mine' ? 'keep-mine' : 'take-theirs'}-${key}`}
                    >
                      {side === 'mine' ? 'Keep mine' : 'Take theirs'}
                    </Button>
                  </HStack>
                ))}
              </Box>
            )
          })}
        </Grid>
      )}
      <HStack justify="flex-end" gap="2">
        <Button variant="ghost" onClick={onBack} disabled={saving} data-testid="conflict-back">
          Back to my draft
        </Button>
        <Button colorPalette="brand" onClick={onSave} loading={saving} disabled={undecided > 0} data-testid="conflict-save">
          {undecided > 0 ? `Choose for ${undecided} more field${undecided === 1 ? '' : 's'}` : 'Save'}
        </Button>
      </HStack>
    </Stack>
  )
}
