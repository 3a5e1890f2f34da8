import { Box, Button, CloseButton, Flex, HStack, IconButton, Input, Menu, Portal, Stack, Text, Textarea } from '@chakra-ui/react'
import { useState, type DragEvent } from 'react'

import type { Board, BoardList as List } from '../api'
import { DotsIcon, PlusIcon } from '../icons'

import { BoardCard } from './board-card'

export interface DragState {
  kind: 'card' | 'list'
  id: string
}

export function InlineName({ value, onSave, testId, size = 'sm' }: { value: string; onSave: (name: string) => void; testId: string; size?: 'sm' | 'md' | 'lg' }) {
  const [editing, setEditing] = useState(false)
  const [draft, setDraft] = useState(value)
  if (editing) {
    const done = () => {
      setEditing(false)
      const name = draft.trim()
      if (name && name !== value) onSave(name)
    }
    return (
      <Input
        size={size === 'lg' ? 'md' : 'sm'}
        value={draft}
        autoFocus
        onChange={(e) => setDraft(e.target.value)}
        onBlur={done}
        onKeyDown={(e) => {
          if (e.key === 'Enter') done()
          if (e.key === 'Escape') {
            setDraft(value)
            setEditing(false)
          }
        }}
        aria-label="Name"
        data-testid={`${testId}-input`}
      />
    )
  }
  return (
    <Text
      as="button"
      textAlign="start"
      fontWeight="semibold"
      fontSize={size === 'lg' ? 'xl' : 'sm'}
      truncate
      px="1"
      borderRadius="sm"
      _hover={{ bg: 'bg.muted' }}
      title="Rename"
      onClick={() => {
        setDraft(value)
        setEditing(true)
      }}
      data-testid={testId}
    >
      {value}
    </Text>
  )
}

function AddCard({ onAdd, listId }: { onAdd: (name: string) => Promise<void>; listId: string }) {
  const [open, setOpen] = useState(false)
  const [name, setName] = useState('')
  const [saving, setSaving] = useState(false)
  if (!open) {
    return (
      <Button size="sm" variant="ghost" justifyContent="flex-start" color="fg.muted" onClick={() => setOpen(true)} data-testid={`list-${listId}-add-card`}>
        <PlusIcon /> Add a card
      </Button>
    )
  }
  const submit = async () => {
    const trimmed = name.trim()
    if (!trimmed) return
    setSaving(true)
    try {
      await onAdd(trimmed)
      setName('')
    } finally {
      setSaving(false)
    }
  }
  return (
    <Stack gap="2">
      <Textarea
        size="sm"
        rows={2}
        autoFocus
        placeholder="Card title"
        value={name}
        onChange={(e) => setName(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey) {
            e.preventDefault()
            void submit()
          }
          if (e.key === 'Escape') setOpen(false)
        }}
        bg="bg.panel"
        data-testid={`list-${listId}-new-card-name`}
      />
      <HStack>
        <Button size="xs" colorPalette="brand" loading={saving} disabled={!name.trim()} onClick={() => void submit()} data-testid={`list-${listId}-new-card-save`}>
          Add card
        </Button>
        <CloseButton size="xs" aria-label="Cancel" onClick={() => setOpen(false)} />
      </HStack>
    </Stack>
  )
}

export function BoardListColumn({
  list,
  board,
  drag,
  dropTarget,
  onDragStart,
  onDragEnd,
  onCardDragOver,
  onDrop,
  onOpenCard,
  onRename,
  onRemove,
  onAddCard,
}: {
  list: List
  board: Board
  drag: DragState | null
  dropTarget: { listId: string; beforeId: string | null } | null
  onDragStart: (state: DragState, e: DragEvent) => void
  onDragEnd: () => void
  onCardDragOver: (listId: string, e: DragEvent<HTMLDivElement>) => void
  onDrop: (e: DragEvent) => void
  onOpenCard: (cardId: string) => void
  onRename: (name: string) => void
  onRemove: () => void
  onAddCard: (name: string) => Promise<void>
}) {
  const cards = list.idCards.map((id) => board.cards.find((c) => c.id === id)).filter((c) => c !== undefined)
  const target = dropTarget?.listId === list.id && drag?.kind === 'card'
  const placeholder = <Box h="14" borderRadius="lg" borderWidth="2px" borderStyle="dashed" borderColor="brand.solid" bg="brand.muted" opacity={0.6} data-testid="drop-placeholder" />
  return (
    <Flex
      direction="column"
      flex="0 0 288px"
      w="288px"
      maxH="full"
      bg="bg.subtle"
      borderRadius="xl"
      borderWidth="1px"
      borderColor={target ? 'brand.solid' : 'border.muted'}
      opacity={drag?.kind === 'list' && drag.id === list.id ? 0.4 : 1}
      data-list-column={list.id}
      data-testid={`list-${list.id}`}
    >
      <Flex
        align="center"
        gap="1"
        px="3"
        pt="3"
        pb="2"
        cursor="grab"
        draggable
        onDragStart={(e) => onDragStart({ kind: 'list', id: list.id }, e)}
        onDragEnd={onDragEnd}
        data-testid={`list-${list.id}-handle`}
      >
        <Box flex="1" minW="0">
          <InlineName value={list.name} onSave={onRename} testId={`list-${list.id}-name`} />
        </Box>
        <Text fontSize="xs" color="fg.muted" px="1" data-testid={`list-${list.id}-count`}>
          {cards.length}
        </Text>
        <Menu.Root>
          <Menu.Trigger asChild>
            <IconButton size="xs" variant="ghost" aria-label={`Actions for list ${list.name}`} data-testid={`list-${list.id}-menu`}>
              <DotsIcon />
            </IconButton>
          </Menu.Trigger>
          <Portal>
            <Menu.Positioner>
              <Menu.Content>
                <Menu.Item value="remove" color="fg.error" onClick={onRemove} data-testid={`list-${list.id}-remove`}>
                  Remove list
                </Menu.Item>
              </Menu.Content>
            </Menu.Positioner>
          </Portal>
        </Menu.Root>
      </Flex>
      <Stack
        gap="2"
        px="2"
        pb="2"
        minH="16"
        overflowY="auto"
        flex="1"
        onDragOver={(e) => onCardDragOver(list.id, e)}
        onDrop={onDrop}
        data-testid={`list-${list.id}-cards`}
      >
        {cards.map((card) => (
          <Box key={card.id}>
            {target && dropTarget?.beforeId === card.id && drag?.id !== card.id && placeholder}
            <BoardCard
              card={card}
              board={board}
              listId={list.id}
              dragging={drag?.kind === 'card' && drag.id === card.id}
              onOpen={() => onOpenCard(card.id)}
              onDragStart={(e) => {
                e.stopPropagation()
                onDragStart({ kind: 'card', id: card.id }, e)
              }}
              onDragEnd={onDragEnd}
            />
          </Box>
        ))}
        {target && dropTarget?.beforeId === null && placeholder}
      </Stack>
      <Box px="2" pb="2">
        <AddCard listId={list.id} onAdd={onAddCard} />
      </Box>
    </Flex>
  )
}
