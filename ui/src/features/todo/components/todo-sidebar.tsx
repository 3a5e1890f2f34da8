import { Button, Stack } from '@chakra-ui/react'
import { useSetAtom } from 'jotai'

import { FilterAndLabelGroups, SideLink, SideSkeleton, SideTitle } from '@/components/side-nav'

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
                <SideLink key={f.id} to={`/apps/todo/${f.handle}`} icon={<Icon boxSize="4.5" />} testId={`todo-folder-${f.handle}`} onNavigate={closeSidebarNow}>
                  {f.title}
                </SideLink>
              )
            })}
          </Stack>
          <FilterAndLabelGroups
            base="/apps/todo"
            testIdPrefix="todo"
            filters={filters}
            labels={labels}
            icons={FILTER_ICONS}
            fallbackIcon={ListIcon}
            onNavigate={closeSidebarNow}
          />
        </>
      )}
    </Stack>
  )
}
