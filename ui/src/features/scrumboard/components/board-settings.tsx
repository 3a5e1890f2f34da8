import { Box, Button, CloseButton, Drawer, HStack, Input, Portal, Stack, Switch, Text } from '@chakra-ui/react'
import { useState } from 'react'

import type { Board, BoardLabel, BoardSettings } from '../api'
import { PlusIcon, TrashIcon } from '../icons'

import { LabelsSection, MembersSection } from './board-people'

/** The dashed "Add a list" column at the end of a board, opening into a title field. */
export function AddList({ onAdd }: { onAdd: (name: string) => Promise<void> }) {
  const [open, setOpen] = useState(false)
  const [name, setName] = useState('')
  const submit = async () => {
    if (!name.trim()) return
    await onAdd(name.trim())
    setName('')
  }
  return (
    <Box flex="0 0 288px" w="288px" bg="bg.subtle" borderRadius="xl" borderWidth="1px" borderStyle={open ? 'solid' : 'dashed'} borderColor="border.muted" p="2">
      {open ? (
        <Stack gap="2">
          <Input
            size="sm"
            autoFocus
            placeholder="List title"
            value={name}
            onChange={(e) => setName(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') void submit()
              if (e.key === 'Escape') setOpen(false)
            }}
            data-testid="board-new-list-name"
          />
          <HStack>
            <Button size="xs" colorPalette="brand" disabled={!name.trim()} onClick={() => void submit()} data-testid="board-new-list-save">
              Add list
            </Button>
            <CloseButton size="xs" aria-label="Cancel" onClick={() => setOpen(false)} />
          </HStack>
        </Stack>
      ) : (
        <Button size="sm" w="full" variant="ghost" justifyContent="flex-start" color="fg.muted" onClick={() => setOpen(true)} data-testid="board-add-list">
          <PlusIcon /> Add a list
        </Button>
      )}
    </Box>
  )
}

/** The board's on/off settings, in the drawer's order. */
const SWITCHES: { key: 'cardCoverImages' | 'subscribed'; testId: string; title: string; hint: string }[] = [
  { key: 'cardCoverImages', testId: 'board-settings-covers', title: 'Card cover images', hint: 'Show the cover image on the cards.' },
  { key: 'subscribed', testId: 'board-settings-subscribed', title: 'Subscribe', hint: 'Follow the changes on this board.' },
]

/** One on/off board setting with its title and a line of explanation. */
function SettingSwitch({ checked, onChange, testId, title, hint }: { checked: boolean; onChange: (checked: boolean) => void; testId: string; title: string; hint: string }) {
  return (
    <Switch.Root checked={checked} onCheckedChange={(d) => onChange(d.checked)} justifyContent="space-between" w="full">
      <Switch.HiddenInput data-testid={testId} />
      <Switch.Label>
        <Text fontWeight="medium">{title}</Text>
        <Text fontSize="xs" color="fg.muted">
          {hint}
        </Text>
      </Switch.Label>
      <Switch.Control />
    </Switch.Root>
  )
}

export interface BoardPeople {
  onAddMember: (userId: number) => Promise<void>
  onRemoveMember: (memberId: string) => Promise<void>
  onNewLabel: (label: BoardLabel) => Promise<void>
  onUpdateLabel: (label: BoardLabel) => Promise<void>
  onRemoveLabel: (labelId: string) => Promise<void>
}

/** The board settings drawer: switches, members, labels, copy and delete. */
export function SettingsDrawer({
  board,
  open,
  onOpenChange,
  onSettings,
  onDelete,
  onCopy,
  people,
}: {
  board: Board
  open: boolean
  onOpenChange: (open: boolean) => void
  onSettings: (s: BoardSettings) => void
  onDelete: () => void
  onCopy: () => void
  people: BoardPeople
}) {
  return (
    <Drawer.Root open={open} onOpenChange={(d) => onOpenChange(d.open)} placement="end" size="sm">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid="board-settings">
            <Drawer.Header>
              <Drawer.Title>Board settings</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <Stack gap="5">
                {SWITCHES.map(({ key, testId, title, hint }) => (
                  <SettingSwitch
                    key={key}
                    checked={board.settings[key]}
                    onChange={(on) => onSettings({ ...board.settings, [key]: on })}
                    testId={testId}
                    title={title}
                    hint={hint}
                  />
                ))}
                <Box borderTopWidth="1px" borderColor="border.muted" pt="5">
                  <MembersSection board={board} onAdd={people.onAddMember} onRemove={people.onRemoveMember} />
                </Box>
                <Box borderTopWidth="1px" borderColor="border.muted" pt="5">
                  <LabelsSection board={board} onNew={people.onNewLabel} onUpdate={people.onUpdateLabel} onRemove={people.onRemoveLabel} />
                </Box>
                <HStack borderTopWidth="1px" borderColor="border.muted" pt="5" gap="3" wrap="wrap">
                  <Button variant="outline" size="sm" onClick={onCopy} data-testid="board-copy">
                    <PlusIcon /> Copy board
                  </Button>
                  <Button colorPalette="red" variant="outline" size="sm" onClick={onDelete} data-testid="board-delete">
                    <TrashIcon /> Delete board
                  </Button>
                </HStack>
              </Stack>
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  )
}

