import { useSetAtom } from 'jotai'

import { FolderSidebar } from '@/components/folder-sidebar'

import type { TodoFilter, TodoFolder, TodoLabel } from '../api'
import { todoDialogAtom, todoSidebarOpenAtom } from '../atoms'
import { FILTER_ICONS } from '../folder-icons'
import { ListIcon, PlusIcon, TodoIcon } from '../icons'

export function TodoSidebar({ folders, filters, labels, loaded }: { folders: TodoFolder[]; filters: TodoFilter[]; labels: TodoLabel[]; loaded: boolean }) {
  const openDialog = useSetAtom(todoDialogAtom)
  const closeSidebar = useSetAtom(todoSidebarOpenAtom)
  return (
    <FolderSidebar
      testId="todo-sidebar"
      title="To-Do"
      titleIcon={<TodoIcon boxSize="5" />}
      action={{
        label: (
          <>
            <PlusIcon /> Add task
          </>
        ),
        testId: 'todo-add',
        onClick: () => {
          closeSidebar(false)
          openDialog({ mode: 'new' })
        },
      }}
      base="/apps/todo"
      testIdPrefix="todo"
      folders={folders}
      filters={filters}
      labels={labels}
      loaded={loaded}
      icons={FILTER_ICONS}
      fallbackIcon={ListIcon}
      onNavigate={() => closeSidebar(false)}
    />
  )
}
