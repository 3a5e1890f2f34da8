import { Box, Button, Stack } from '@chakra-ui/react'
import { useSetAtom } from 'jotai'

import { SideGroup, SideLink, SideSkeleton, SideTitle } from '@/components/side-nav'

import type { TodoFilter, TodoFolder, TodoLabel } from '../api'
import { todoDialogAtom, todoSidebarOpenAtom } from '../atoms'
import { FILTER_ICONS } from '../folder-icons'
import { ListIcon, PlusIcon, TodoIcon } from '../icons'

export function TodoSidebar({ folders, filters, labels, loaded }: { folders: TodoFolder[]; filters: TodoFilter[]; labels: TodoLabel[]; loaded: boolean }) {
  const openDialog = useSetAtom(todoDialogAtom)
  const closeSidebar = useSetAtom(todoSidebarOpenAtom)
  const closeSidebarNow = () => closeSidebar(false)
  return (
    <Stack gap="6" p="4" data-testid="todo-sidebar">
      <SideTitle icon={<TodoIcon boxSize="5" />}>To-Do</SideTitle>
      <Button
        colorPalette="brand"
        borderRadius="full"
        onClick={() => {
          closeSidebar(false)
          openDialog({ mode: 'new' })
        }}
        data-testid="todo-add"
      >
        <PlusIcon /> Add task
      </Button>
      {!loaded ? (
        <SideSkeleton />
      ) : (
        <>
          <Stack gap="0.5">
            {folders.map((f) => {
              const Icon = FILTER_ICONS[f.icon] ?? ListIcon
              return (
                <SideLink onNavigate={closeSidebarNow} key={f.id} to={`/apps/todo/${f.handle}`} icon={<Icon boxSize="4.5" />} testId={`todo-folder-${f.handle}`}>
                  {f.title}
                </SideLink>
              )
            })}
          </Stack>
          <SideGroup title="Filters">
            {filters.map((f) => {
              const Icon = FILTER_ICONS[f.icon] ?? ListIcon
              return (
                <SideLink onNavigate={closeSidebarNow} key={f.id} to={`/apps/todo/filter/${f.handle}`} icon={<Icon boxSize="4.5" />} testId={`todo-filter-${f.handle}`}>
                  {f.title}
                </SideLink>
              )
            })}
          </SideGroup>
          <SideGroup title="Labels">
            {labels.map((l) => (
              <SideLink onNavigate={closeSidebarNow}
                key={l.id}
                to={`/apps/todo/label/${l.handle}`}
                icon={<Box boxSize="3" borderRadius="full" bg={l.color} mx="0.5" flexShrink={0} />}
                testId={`todo-label-${l.handle}`}
              >
                {l.title}
              </SideLink>
            ))}
          </SideGroup>
        </>
      )}
    </Stack>
  )
}
