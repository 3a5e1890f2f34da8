import { AvatarGroup, Badge, Box, Flex, HStack, Text } from '@chakra-ui/react'
import type { DragEvent } from 'react'

import { PersonAvatar } from '@/components/person-avatar'

import type { Board, Card } from '../api'
import { checklistProgress, coverOf, dueState, labelColor } from '../board-utils'
import { CheckSquareIcon, ClipIcon, ClockIcon, CommentIcon, EyeIcon } from '../icons'

const dueFormat = new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric' })
const DUE_PALETTE = { overdue: 'red', soon: 'orange', later: 'gray' } as const

export function BoardCard({
  card,
  board,
  listId,
  dragging,
  onOpen,
  onDragStart,
  onDragEnd,
}: {
  card: Card
  board: Board
  listId: string
  dragging: boolean
  onOpen: () => void
  onDragStart: (e: DragEvent) => void
  onDragEnd: () => void
}) {
  const cover = board.settings.cardCoverImages ? coverOf(card) : null
  const progress = checklistProgress(card.checklists)
  const comments = card.activities.filter((a) => a.type === 'comment').length
  const due = dueState(card.due)
  const members = board.members.filter((m) => card.idMembers.includes(m.id))
  return (
    <Box
      bg="bg.panel"
      borderWidth="1px"
      borderColor="border.muted"
      borderRadius="lg"
      overflow="hidden"
      cursor="grab"
      opacity={dragging ? 0.4 : 1}
      boxShadow="xs"
      _hover={{ borderColor: 'border.emphasized', boxShadow: 'sm' }}
      draggable
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onClick={onOpen}
      onKeyDown={(e) => {
        if (e.key === 'Enter') onOpen()
      }}
      tabIndex={0}
      role="button"
      aria-label={`Card ${card.name}`}
      data-card-id={card.id}
      data-list-id={listId}
      data-testid={`board-card-${card.id}`}
    >
      {cover && <img src={cover} alt="" draggable={false} loading="lazy" width={480} height={270} style={{ width: '100%', height: 120, objectFit: 'cover', display: 'block' }} />}
      <Box p="3">
        {card.idLabels.length > 0 && (
          <Flex gap="1" wrap="wrap" mb="2">
            {card.idLabels.map((id) => {
              const label = board.labels.find((l) => l.id === id)
              return label ? (
                <Box key={id} h="1.5" w="10" borderRadius="full" bg={labelColor(label.class)} title={label.name} />
              ) : null
            })}
          </Flex>
        )}
        <Text fontSize="sm" fontWeight="medium" lineClamp={3} data-testid={`board-card-${card.id}-name`}>
          {card.name}
        </Text>
        {(card.due || progress.total > 0 || comments > 0 || card.attachments.length > 0 || card.subscribed || members.length > 0) && (
          <Flex mt="2.5" align="center" gap="2" wrap="wrap">
            {card.due && due && (
              <Badge size="sm" variant="subtle" colorPalette={DUE_PALETTE[due]} title="Due date">
                <ClockIcon boxSize="3" /> {dueFormat.format(new Date(card.due))}
              </Badge>
            )}
            {progress.total > 0 && (
              <Badge size="sm" variant="subtle" colorPalette={progress.done === progress.total ? 'green' : 'gray'} title="Checklist items done">
                <CheckSquareIcon boxSize="3" /> {progress.done}/{progress.total}
              </Badge>
            )}
            {card.subscribed && <EyeIcon boxSize="3.5" color="fg.muted" aria-label="Subscribed" />}
            {comments > 0 && (
              <HStack gap="1" fontSize="xs" color="fg.muted" title="Comments">
                <CommentIcon boxSize="3.5" />
                {comments}
              </HStack>
            )}
            {card.attachments.length > 0 && (
              <HStack gap="1" fontSize="xs" color="fg.muted" title="Attachments">
                <ClipIcon boxSize="3.5" />
                {card.attachments.length}
              </HStack>
            )}
            {members.length > 0 && (
              <AvatarGroup size="xs" ms="auto" stacking="last-on-top">
                {members.slice(0, 3).map((m) => (
                  <PersonAvatar key={m.id} name={m.name} src={m.avatar} size="xs" title={m.name} colorPalette="brand" />
                ))}
              </AvatarGroup>
            )}
          </Flex>
        )}
      </Box>
    </Box>
  )
}
