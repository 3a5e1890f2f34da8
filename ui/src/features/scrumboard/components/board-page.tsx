import { Box, Button, Center, Flex, IconButton, Skeleton, Text } from '@chakra-ui/react'
import { useAtom, useSetAtom } from 'jotai'
import { useCallback, useEffect, useRef, useState, type DragEvent } from 'react'
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom'

import { ApiError, errorMessage } from '@/data/client'
import { useDialog } from '@/lib/dialog'
import { showMessage } from '@/lib/snackbar'

import {
  addMember,
  copyBoard,
  deleteBoard,
  getBoard,
  newLabel,
  removeLabel,
  removeMember,
  updateLabel,
  newCard,
  newList,
  orderCards,
  orderLists,
  removeList,
  renameBoard,
  renameList,
  updateSettings,
  type Board,
  type BoardList,
} from '../api'
import { boardAtom, openCardIdAtom } from '../atoms'
import { blankCard, moveCard, moveList, newId, sameOrder } from '../board-utils'
import { ArrowLeftIcon, SettingsIcon } from '../icons'

import { BoardListColumn, InlineName, type DragState } from './board-list'
import { AddList, SettingsDrawer } from './board-settings'
import { CardDialog } from './card-dialog'

/** /apps/scrumboard/boards/:boardId/:boardUri: lists of cards, dragged and dropped. */
export default function BoardPage() {
  const { boardId = '', boardUri = '' } = useParams()
  const navigate = useNavigate()
  const { confirm } = useDialog()
  const [board, setBoard] = useAtom(boardAtom)
  const setOpenCard = useSetAtom(openCardIdAtom)
  const [error, setError] = useState<unknown>(null)
  const [attempt, setAttempt] = useState(0)
  const [drag, setDrag] = useState<DragState | null>(null)
  const [dropTarget, setDropTarget] = useState<{ listId: string; beforeId: string | null } | null>(null)
  const [listTarget, setListTarget] = useState<string | null | undefined>(undefined)
  const [settingsOpen, setSettingsOpen] = useState(false)
  const dragRef = useRef<DragState | null>(null)

  useEffect(() => {
    const controller = new AbortController()
    getBoard(boardId, controller.signal).then(
      (b) => {
        setBoard(b)
        setError(null)
      },
      (e: unknown) => !controller.signal.aborted && setError(e),
    )
    return () => controller.abort()
  }, [boardId, attempt, setBoard])

  const reload = useCallback(() => setAttempt((n) => n + 1), [])
  const current = board?.id === boardId ? board : null
  const currentUri = current?.uri

  // The address follows the board's name: an old address (e.g. untitled-board) opens the board and is replaced.
  useEffect(() => {
    if (currentUri && currentUri !== boardUri) navigate(`/apps/scrumboard/boards/${boardId}/${currentUri}`, { replace: true })
  }, [boardId, boardUri, currentUri, navigate])

  async function saveOrder(next: BoardList[], kind: 'card' | 'list') {
    if (!current || sameOrder(current.lists, next)) return
    setBoard({ ...current, lists: next })
    try {
      const lists = await (kind === 'card' ? orderCards : orderLists)(current.id, next)
      setBoard((b) => (b && b.id === current.id ? { ...b, lists } : b))
    } catch (e) {
      showMessage(errorMessage(e), 'error')
      reload()
    }
  }

  function startDrag(state: DragState, e: DragEvent) {
    dragRef.current = state
    setDrag(state)
    e.dataTransfer.effectAllowed = 'move'
    e.dataTransfer.setData('text/plain', `${state.kind}:${state.id}`)
  }

  function endDrag() {
    dragRef.current = null
    setDrag(null)
    setDropTarget(null)
    setListTarget(undefined)
  }

  function cardDragOver(listId: string, e: DragEvent<HTMLDivElement>) {
    if (dragRef.current?.kind !== 'card') return
    e.preventDefault()
    e.dataTransfer.dropEffect = 'move'
    const cards = Array.from(e.currentTarget.querySelectorAll<HTMLElement>('[data-card-id]'))
    const before = cards.find((el) => {
      const r = el.getBoundingClientRect()
      return e.clientY < r.top + r.height / 2
    })
    const beforeId = before?.dataset.cardId ?? null
    if (dropTarget?.listId !== listId || dropTarget.beforeId !== beforeId) setDropTarget({ listId, beforeId })
  }

  function dropCard(e: DragEvent) {
    e.preventDefault()
    const state = dragRef.current
    const target = dropTarget
    endDrag()
    if (!current || state?.kind !== 'card' || !target) return
    void saveOrder(moveCard(current.lists, state.id, target.listId, target.beforeId === state.id ? null : target.beforeId), 'card')
  }

  function boardDragOver(e: DragEvent<HTMLDivElement>) {
    if (dragRef.current?.kind !== 'list') return
    e.preventDefault()
    const columns = Array.from(e.currentTarget.querySelectorAll<HTMLElement>('[data-list-column]'))
    const before = columns.find((el) => {
      const r = el.getBoundingClientRect()
      return e.clientX < r.left + r.width / 2
    })
    const beforeId = before?.dataset.listColumn ?? null
    if (listTarget !== beforeId) setListTarget(beforeId)
  }

  function dropList(e: DragEvent) {
    const state = dragRef.current
    if (state?.kind !== 'list') return
    e.preventDefault()
    const beforeId = listTarget ?? null
    endDrag()
    if (current) void saveOrder(moveList(current.lists, state.id, beforeId), 'list')
  }

  async function act<T>(action: () => Promise<T>, apply: (result: T, b: Board) => Board, done?: string) {
    if (!current) return
    try {
      const result = await action()
      setBoard((b) => (b && b.id === current.id ? apply(result, b) : b))
      if (done) showMessage(done, 'success')
    } catch (e) {
      showMessage(errorMessage(e), 'error')
      reload()
      throw e
    }
  }

  if (error && !current) {
    const missing = error instanceof ApiError && error.status === 404
    return (
      <Center flexDirection="column" gap="3" py="24" px="6" textAlign="center" data-testid="board-error">
        <Text fontWeight="semibold" fontSize="lg">
          {missing ? 'This board does not exist' : 'The board could not be loaded'}
        </Text>
        <Text color="fg.muted">{errorMessage(error)}</Text>
        <Button asChild size="sm" variant="outline">
          <RouterLink to="/apps/scrumboard">
            <ArrowLeftIcon /> All boards
          </RouterLink>
        </Button>
      </Center>
    )
  }

  if (!current) {
    return (
      <Flex gap="4" p="6" overflow="hidden">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} flex="0 0 288px" h="96" borderRadius="xl" />
        ))}
      </Flex>
    )
  }

  return (
    <Flex direction="column" h="calc(100dvh - 7rem)" minH="480px" data-testid="board-page" data-board-id={current.id}>
      <Flex align="center" gap="2" px={{ base: '3', md: '6' }} h="16" flexShrink={0} borderBottomWidth="1px" borderColor="border.muted" bg="bg.panel">
        <IconButton asChild size="sm" variant="ghost" aria-label="All boards">
          <RouterLink to="/apps/scrumboard" data-testid="board-back">
            <ArrowLeftIcon />
          </RouterLink>
        </IconButton>
        <Box minW="0" flex="1">
          <InlineName
            value={current.name}
            size="lg"
            testId="board-name"
            onSave={(name) =>
              void act(
                async () => {
                  await renameBoard(current.id, name)
                  return getBoard(current.id)
                },
                (fresh, b) => ({ ...b, name: fresh.name, uri: fresh.uri }),
                'Board renamed.',
              ).catch(() => undefined)
            }
          />
        </Box>
        <Button size="sm" variant="outline" onClick={() => setSettingsOpen(true)} data-testid="board-settings-open">
          <SettingsIcon /> <Text display={{ base: 'none', sm: 'inline' }}>Settings</Text>
        </Button>
      </Flex>
      <Flex flex="1" minH="0" gap="4" px={{ base: '3', md: '6' }} py="5" overflowX="auto" align="flex-start" onDragOver={boardDragOver} onDrop={dropList} data-testid="board-lists">
        {current.lists.map((list) => (
          <Flex key={list.id} gap="4" maxH="full" align="flex-start" h="full">
            {drag?.kind === 'list' && listTarget === list.id && drag.id !== list.id && <Box w="1" alignSelf="stretch" borderRadius="full" bg="brand.solid" />}
            <BoardListColumn
              list={list}
              board={current}
              drag={drag}
              dropTarget={dropTarget}
              onDragStart={startDrag}
              onDragEnd={endDrag}
              onCardDragOver={cardDragOver}
              onDrop={dropCard}
              onOpenCard={setOpenCard}
              onRename={(name) =>
                void act(() => renameList(current.id, list.id, name), (title, b) => ({ ...b, lists: b.lists.map((l) => (l.id === list.id ? { ...l, name: title } : l)) })).catch(() => undefined)
              }
              onRemove={async () => {
                const ok = await confirm({
                  title: `Remove the list “${list.name}”?`,
                  body: list.idCards.length ? `Its ${list.idCards.length} cards are removed with it.` : 'The list is empty.',
                  confirmLabel: 'Remove',
                  tone: 'danger',
                })
                if (!ok) return
                void act(
                  () => removeList(current.id, list.id),
                  (_r, b) => ({ ...b, lists: b.lists.filter((l) => l.id !== list.id), cards: b.cards.filter((c) => !list.idCards.includes(c.id)) }),
                  'List removed.',
                ).catch(() => undefined)
              }}
              onAddCard={(name) => act(() => newCard(current.id, list.id, blankCard(name)), (b) => b).catch(() => undefined)}
            />
          </Flex>
        ))}
        {drag?.kind === 'list' && listTarget === null && <Box w="1" alignSelf="stretch" borderRadius="full" bg="brand.solid" />}
        <AddList onAdd={(name) => act(() => newList(current.id, { id: newId(), name, idCards: [] }), (lists, b) => ({ ...b, lists }), 'List added.').catch(() => undefined)} />
      </Flex>
      <SettingsDrawer
        board={current}
        open={settingsOpen}
        onOpenChange={setSettingsOpen}
        onSettings={(settings) => void act(() => updateSettings(current.id, settings), (s, b) => ({ ...b, settings: s })).catch(() => undefined)}
        people={{
          onAddMember: (userId) => act(() => addMember(current.id, userId), (members, b) => ({ ...b, members }), 'Member added.').catch(() => undefined),
          onRemoveMember: (memberId) =>
            act(
              () => removeMember(current.id, memberId),
              (members, b) => ({ ...b, members, cards: b.cards.map((c) => ({ ...c, idMembers: c.idMembers.filter((m) => m !== memberId) })) }),
              'Member removed.',
            ).catch(() => undefined),
          onNewLabel: (label) => act(() => newLabel(current.id, label), (labels, b) => ({ ...b, labels }), 'Label added.').catch(() => undefined),
          onUpdateLabel: (label) => act(() => updateLabel(current.id, label), (labels, b) => ({ ...b, labels })).catch(() => undefined),
          onRemoveLabel: (labelId) =>
            act(
              () => removeLabel(current.id, labelId),
              (labels, b) => ({ ...b, labels, cards: b.cards.map((c) => ({ ...c, idLabels: c.idLabels.filter((l) => l !== labelId) })) }),
              'Label deleted.',
            ).catch(() => undefined),
        }}
        onCopy={async () => {
          try {
            const copy = await copyBoard(current.id)
            showMessage(`Copied to “${copy.name}”.`, 'success')
            setSettingsOpen(false)
            navigate(`/apps/scrumboard/boards/${copy.id}/${copy.uri}`)
          } catch (e) {
            showMessage(errorMessage(e), 'error')
          }
        }}
        onDelete={async () => {
          const ok = await confirm({ title: `Delete the board “${current.name}”?`, body: 'Its lists and cards are deleted too.', confirmLabel: 'Delete', tone: 'danger' })
          if (!ok) return
          try {
            await deleteBoard(current.id)
            showMessage('Board deleted.', 'success')
            setBoard(null)
            navigate('/apps/scrumboard')
          } catch (e) {
            showMessage(errorMessage(e), 'error')
          }
        }}
      />
      <CardDialog board={current} onMove={(cardId, listId) => void saveOrder(moveCard(current.lists, cardId, listId, null), 'card')} onRemoved={reload} />
    </Flex>
  )
}
