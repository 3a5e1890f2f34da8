import { Badge, Box, Flex, HStack, IconButton, Text } from '@chakra-ui/react'

import { LabelChips } from '@/components/label-chips'
import { ToggleIconButton } from '@/components/toggle-icon-button'
import { Checkbox } from '@/components/ui/checkbox'

import type { Todo, TodoLabel } from '../api'
import { ClockIcon, PriorityIcon, RestoreIcon, StarFilledIcon, StarIcon, TrashIcon } from '../icons'
import { dueState, formatTodoDate } from '../todo-utils'

export interface RowActions {
  toggle: (todo: Todo, field: 'completed' | 'starred' | 'important') => void
  edit: (todo: Todo) => void
  remove: (todo: Todo) => void
  restore: (todo: Todo) => void
  destroy: (todo: Todo) => void
}

const DUE_COLORS = { overdue: 'red', today: 'orange', later: 'gray' } as const

export function TodoRow({ todo, labels, actions }: { todo: Todo; labels: TodoLabel[]; actions: RowActions }) {
  const due = dueState(todo)
  return (
    <Flex
      gap="3"
      px={{ base: '3', md: '5' }}
      py="3"
      align="flex-start"
      borderBottomWidth="1px"
      borderColor="border.muted"
      bg={todo.completed ? 'transparent' : 'bg.panel'}
      cursor="pointer"
      _hover={{ bg: 'bg.muted' }}
      onClick={() => (todo.deleted ? undefined : actions.edit(todo))}
      data-testid={`todo-row-${todo.id}`}
      data-completed={todo.completed ? 'true' : 'false'}
    >
      <Box pt="0.5" onClick={(e) => e.stopPropagation()}>
        <Checkbox
          aria-label={todo.completed ? `Mark “${todo.title}” as not done` : `Mark “${todo.title}” as done`}
          checked={todo.completed}
          disabled={todo.deleted}
          onCheckedChange={() => actions.toggle(todo, 'completed')}
          colorPalette="brand"
          inputProps={{ 'data-testid': `todo-row-${todo.id}-complete` }}
        />
      </Box>
      <Box flex="1" minW="0">
        <Text
          fontWeight="medium"
          textDecoration={todo.completed ? 'line-through' : undefined}
          color={todo.completed ? 'fg.subtle' : 'fg'}
          lineClamp={2}
          data-testid={`todo-row-${todo.id}-title`}
        >
          {todo.title}
        </Text>
        {todo.notes && (
          <Text fontSize="sm" color="fg.muted" lineClamp={1} mt="0.5">
            {todo.notes}
          </Text>
        )}
        <HStack gap="1.5" mt="2" wrap="wrap">
          {todo.startDate && (
            <Badge size="sm" variant="outline" borderRadius="full" title="Start date">
              Starts {formatTodoDate(todo.startDate)}
            </Badge>
          )}
          {todo.dueDate && (
            <Badge size="sm" variant="subtle" colorPalette={due ? DUE_COLORS[due] : 'gray'} borderRadius="full" title="Due date" data-testid={`todo-row-${todo.id}-due`}>
              <ClockIcon boxSize="3" /> {due === 'overdue' ? 'Overdue · ' : due === 'today' ? 'Today · ' : 'Due '}
              {formatTodoDate(todo.dueDate)}
            </Badge>
          )}
          <LabelChips ids={todo.labels} labels={labels} name={(l) => l.title} color={(l) => l.color} testId={(l) => `todo-row-${todo.id}-label-${l.handle}`} />
        </HStack>
      </Box>
      <HStack gap="0" onClick={(e) => e.stopPropagation()} flexShrink={0}>
        {todo.deleted ? (
          <>
            <IconButton size="sm" variant="ghost" aria-label="Restore" title="Restore" onClick={() => actions.restore(todo)} data-testid={`todo-row-${todo.id}-restore`}>
              <RestoreIcon />
            </IconButton>
            <IconButton size="sm" variant="ghost" colorPalette="red" aria-label="Delete for good" title="Delete for good" onClick={() => actions.destroy(todo)} data-testid={`todo-row-${todo.id}-destroy`}>
              <TrashIcon />
            </IconButton>
          </>
        ) : (
          <>
            <ToggleIconButton
              on={todo.important}
              label={['Remove priority', 'Mark as priority']}
              onColor="red.400"
              offColor="fg.subtle"
              icon={<PriorityIcon />}
              onClick={() => actions.toggle(todo, 'important')}
              testId={`todo-row-${todo.id}-important`}
            />
            <ToggleIconButton
              on={todo.starred}
              label={['Unstar', 'Star']}
              onColor="orange.400"
              offColor="fg.subtle"
              icon={[<StarFilledIcon key="on" />, <StarIcon key="off" />]}
              onClick={() => actions.toggle(todo, 'starred')}
              testId={`todo-row-${todo.id}-star`}
            />
            <IconButton size="sm" variant="ghost" aria-label="Delete" title="Delete" color="fg.subtle" onClick={() => actions.remove(todo)} data-testid={`todo-row-${todo.id}-delete`}>
              <TrashIcon />
            </IconButton>
          </>
        )}
      </HStack>
    </Flex>
  )
}
