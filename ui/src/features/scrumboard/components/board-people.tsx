/** The board settings' members (from the staff directory) and labels (create, rename, recolour, delete). */
import { Avatar, Box, Button, CloseButton, Flex, HStack, IconButton, Input, NativeSelect, Stack, Text } from '@chakra-ui/react'
import { useEffect, useState } from 'react'

import { OptionSelect } from '@/components/option-select'
import { useDialog } from '@/lib/dialog'
import { fetchStaff, type StaffMember } from '@/data/users'

import type { Board, BoardLabel } from '../api'
import { LABEL_CLASSES, labelColor, newId } from '../board-utils'
import { TrashIcon } from '../icons'

import { InlineName } from './board-list'

export function MembersSection({ board, onAdd, onRemove }: { board: Board; onAdd: (userId: number) => Promise<void>; onRemove: (memberId: string) => Promise<void> }) {
  const [staff, setStaff] = useState<StaffMember[] | null>(null)
  const [picked, setPicked] = useState('')
  useEffect(() => {
    const controller = new AbortController()
    fetchStaff({}, controller.signal).then(setStaff, () => !controller.signal.aborted && setStaff([]))
    return () => controller.abort()
  }, [])
  const taken = new Set(board.members.map((m) => m.userId).filter((id): id is number => id !== undefined))
  const choices = (staff ?? []).filter((s) => !taken.has(s.id))
  return (
    <Stack gap="2" data-testid="board-members">
      <Text fontWeight="medium">Members</Text>
      {board.members.length === 0 && (
        <Text fontSize="sm" color="fg.muted">
          Nobody yet: add people from the staff directory.
        </Text>
      )}
      {board.members.map((m) => (
        <HStack key={m.id} gap="2" data-testid={`board-member-${m.id}`}>
          <Avatar.Root size="2xs" colorPalette="brand">
            <Avatar.Fallback name={m.name} />
          </Avatar.Root>
          <Text fontSize="sm" flex="1" truncate>
            {m.name}
          </Text>
          <CloseButton size="2xs" aria-label={`Remove ${m.name} from the board`} onClick={() => void onRemove(m.id)} data-testid={`board-member-${m.id}-remove`} />
        </HStack>
      ))}
      <HStack gap="2">
        <NativeSelect.Root size="xs" flex="1">
          <NativeSelect.Field value={picked} onChange={(e) => setPicked(e.target.value)} aria-label="Staff member to add" data-testid="board-member-pick">
            <option value="">{staff === null ? 'Loading the staff directory…' : choices.length ? 'Add a staff member…' : 'Everyone is a member'}</option>
            {choices.map((s) => (
              <option key={s.id} value={String(s.id)}>
                {s.displayName}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Button
          size="xs"
          variant="outline"
          disabled={!picked}
          onClick={() => {
            const id = Number(picked)
            setPicked('')
            void onAdd(id)
          }}
          data-testid="board-member-add"
        >
          Add
        </Button>
      </HStack>
    </Stack>
  )
}

function ColorSelect({ value, onChange, label, testId }: { value: string; onChange: (cls: string) => void; label: string; testId: string }) {
  return (
    <OptionSelect
      size="xs"
      w="28"
      value={value}
      onChange={onChange}
      label={label}
      testId={testId}
      before={!LABEL_CLASSES.some((c) => c.class === value) && <option value={value}>other</option>}
      options={LABEL_CLASSES.map((c) => ({ value: c.class, label: c.name }))}
    />
  )
}

export function LabelsSection({
  board,
  onNew,
  onUpdate,
  onRemove,
}: {
  board: Board
  onNew: (label: BoardLabel) => Promise<void>
  onUpdate: (label: BoardLabel) => Promise<void>
  onRemove: (labelId: string) => Promise<void>
}) {
  const { confirm } = useDialog()
  const [name, setName] = useState('')
  const [cls, setCls] = useState(LABEL_CLASSES[0].class)
  const add = () => {
    if (!name.trim()) return
    void onNew({ id: newId(), name: name.trim(), class: cls })
    setName('')
  }
  return (
    <Stack gap="2" data-testid="board-labels">
      <Text fontWeight="medium">Labels</Text>
      {board.labels.map((l) => (
        <Flex key={l.id} align="center" gap="2" data-testid={`board-label-${l.id}`}>
          <Box boxSize="3" borderRadius="full" bg={labelColor(l.class)} flexShrink={0} />
          <Box flex="1" minW="0">
            <InlineName value={l.name || '(no name)'} onSave={(n) => void onUpdate({ ...l, name: n })} testId={`board-label-${l.id}-name`} />
          </Box>
          <ColorSelect value={l.class} onChange={(c) => void onUpdate({ ...l, class: c })} label={`Colour of ${l.name}`} testId={`board-label-${l.id}-color`} />
          <IconButton
            size="2xs"
            variant="ghost"
            aria-label={`Delete the label ${l.name}`}
            onClick={async () => {
              const used = board.cards.filter((c) => c.idLabels.includes(l.id)).length
              const ok = await confirm({
                title: `Delete the label “${l.name}”?`,
                body: used ? `It is taken off the ${used} cards that have it.` : 'No card has it.',
                confirmLabel: 'Delete',
                tone: 'danger',
              })
              if (ok) await onRemove(l.id)
            }}
            data-testid={`board-label-${l.id}-remove`}
          >
            <TrashIcon />
          </IconButton>
        </Flex>
      ))}
      <HStack gap="2">
        <Input size="xs" flex="1" placeholder="New label" value={name} onChange={(e) => setName(e.target.value)} onKeyDown={(e) => e.key === 'Enter' && add()} data-testid="board-label-new-name" />
        <ColorSelect value={cls} onChange={setCls} label="Colour of the new label" testId="board-label-new-color" />
        <Button size="xs" variant="outline" disabled={!name.trim()} onClick={add} data-testid="board-label-new-save">
          Add
        </Button>
      </HStack>
    </Stack>
  )
}
