import { Box, Flex, IconButton, Menu, Skeleton, Text } from '@chakra-ui/react'
import { useAtom, useSetAtom } from 'jotai'
import { useMemo } from 'react'
import { useParams } from 'react-router-dom'

import { EmptyState } from '@/components/empty-state'
import { IconMenu } from '@/components/icon-menu'
import { ListSkeleton } from '@/components/list-skeleton'
import { SearchSidebarLayout } from '@/components/search-sidebar-layout'
import { errorMessage } from '@/data/client'
import { folderListTitle } from '@/hooks/use-folder-list'
import { useDialog } from '@/lib/dialog'
import { showMessage } from '@/lib/snackbar'

import { createTodo, deleteTodos, removeTodo, updateTodo, type NewTodo, type Todo } from '../api'
import { todoDialogAtom, todoOrderAtom, todoSearchAtom, todoSidebarOpenAtom } from '../atoms'
import { useReplaceTodo, useTodoList, useTodoMeta } from '../hooks'
import { ArrowDownIcon, ArrowUpIcon, CheckIcon, SortIcon } from '../icons'
import { listKeyFromParams, ORDER_OPTIONS, searchTodos, sortTodos } from '../todo-utils'

import { TodoDialog } from './todo-dialog'
import { TodoRow, type RowActions } from './todo-row'
import { TodoSidebar } from './todo-sidebar'

/** /apps/todo/:folder, /apps/todo/filter/:handle, /apps/todo/label/:handle. */
export default function TodoPage() {
  const params = useParams()
  const listKey = listKeyFromParams(params)
  const meta = useTodoMeta()
  const list = useTodoList(listKey)
  const replace = useReplaceTodo()
  const { confirm } = useDialog()
  const [search, setSearch] = useAtom(todoSearchAtom)
  const [order, setOrder] = useAtom(todoOrderAtom)
  const openDialog = useSetAtom(todoDialogAtom)

  const shown = useMemo(
    () => (list.todos ? sortTodos(searchTodos(list.todos, search), order.by, order.descending) : null),
    [list.todos, search, order],
  )
  const title = folderListTitle(listKey, meta)
  const deletedView = listKey.kind === 'filter' && listKey.handle === 'deleted'

  async function save(todo: Todo, done?: string) {
    replace(todo.id, todo)
    try {
      await updateTodo(todo)
      if (done) showMessage(done, 'success')
    } catch (e) {
      showMessage(errorMessage(e), 'error')
    } finally {
      list.reload()
    }
  }

  async function softDelete(todo: Todo) {
    try {
      await removeTodo(todo.id)
      replace(todo.id, null)
      showMessage(`“${todo.title}” moved to Deleted.`, 'success')
    } catch (e) {
      showMessage(errorMessage(e), 'error')
    } finally {
      list.reload()
    }
  }

  const actions: RowActions = {
    toggle: (todo, field) => void save({ ...todo, [field]: !todo[field] }),
    edit: (todo) => openDialog({ mode: 'edit', todo }),
    remove: (todo) => void softDelete(todo),
    restore: (todo) => void save({ ...todo, deleted: false }, `“${todo.title}” restored.`),
    destroy: async (todo) => {
      const ok = await confirm({ title: 'Delete this task for good?', body: `“${todo.title}” cannot be restored afterwards.`, confirmLabel: 'Delete', tone: 'danger' })
      if (!ok) return
      try {
        await deleteTodos([todo.id])
        replace(todo.id, null)
        showMessage(`“${todo.title}” deleted for good.`, 'success')
      } catch (e) {
        showMessage(errorMessage(e), 'error')
      } finally {
        list.reload()
      }
    },
  }

  async function saveFromDialog(body: NewTodo | Todo) {
    if ('id' in body) {
      await updateTodo(body)
      showMessage('Task saved.', 'success')
    } else {
      await createTodo(body)
      showMessage('Task added.', 'success')
    }
    list.reload()
  }

  const sidebar = <TodoSidebar folders={meta.folders} filters={meta.filters} labels={meta.labels} loaded={meta.loaded} />
  const orderTitle = ORDER_OPTIONS.find((o) => o.value === order.by)?.title

  return (
    <SearchSidebarLayout
      openAtom={todoSidebarOpenAtom}
      h="calc(100dvh - 7rem)"
      minH="520px"
      data-testid="todo-page"
      sidebar={sidebar}
      overlays={<TodoDialog labels={meta.labels} onSave={saveFromDialog} onRemove={softDelete} />}
      searchBar={{
        menuLabel: 'Open task lists',
        testIdPrefix: 'todo',
        titleTestId: 'todo-list-title',
        title,
        search,
        onSearch: setSearch,
        placeholder: 'Search tasks',
        flexShrink: 0,
      }}
    >
      <Flex align="center" gap="2" px={{ base: '3', md: '5' }} minH="12" borderBottomWidth="1px" borderColor="border.muted" flexShrink={0}>
        <Text fontSize="sm" color="fg.muted" flex="1" data-testid="todo-count">
          {shown ? `${shown.length} ${shown.length === 1 ? 'task' : 'tasks'}` : ''}
        </Text>
        <IconMenu icon={<SortIcon />} label={`Order by ${orderTitle}`} title={`Order by ${orderTitle}`} testId="todo-order" groupLabel="Order by">
          {ORDER_OPTIONS.map((o) => (
            <Menu.Item key={o.value} value={o.value} onClick={() => setOrder((s) => ({ ...s, by: o.value }))} data-testid={`todo-order-${o.value}`}>
              <Box w="4">{order.by === o.value && <CheckIcon boxSize="4" />}</Box>
              {o.title}
            </Menu.Item>
          ))}
        </IconMenu>
        <IconButton
          size="sm"
          variant="ghost"
          aria-label={order.descending ? 'Descending order' : 'Ascending order'}
          title={order.descending ? 'Descending — switch to ascending' : 'Ascending — switch to descending'}
          onClick={() => setOrder((s) => ({ ...s, descending: !s.descending }))}
          data-testid="todo-order-direction"
          data-direction={order.descending ? 'desc' : 'asc'}
        >
          {order.descending ? <ArrowDownIcon /> : <ArrowUpIcon />}
        </IconButton>
        <Text fontSize="xs" color="fg.subtle" display={{ base: 'none', sm: 'block' }}>
          {orderTitle}, {order.descending ? 'descending' : 'ascending'}
        </Text>
      </Flex>
      <Box flex="1" overflowY="auto" minH="0" data-testid="todo-list">
        {list.error ? (
          <EmptyState px="6" title="The tasks could not be loaded" text={errorMessage(list.error)} />
        ) : shown === null ? (
          <ListSkeleton rows={5} lead={<Skeleton boxSize="5" />} lines={['50%', '30%']} />
        ) : shown.length === 0 ? (
          <EmptyState
            py="20"
            px="6"
            testId="todo-empty"
            title={search ? 'No tasks match your search' : deletedView ? 'Nothing was deleted' : 'There are no tasks here'}
            text={search ? `Nothing in ${title} matches “${search}”.` : deletedView ? 'Deleted tasks wait here until you delete them for good.' : 'Add one with the Add task button.'}
          />
        ) : (
          shown.map((todo) => <TodoRow key={todo.id} todo={todo} labels={meta.labels} actions={actions} />)
        )}
      </Box>
    </SearchSidebarLayout>
  )
}
