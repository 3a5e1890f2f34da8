import { useSetAtom } from 'jotai'

import { FolderSidebar } from '@/components/folder-sidebar'

import type { MailFilter, MailFolder, MailLabel } from '../api'
import { composeOpenAtom, mailSidebarOpenAtom } from '../atoms'
import { FOLDER_ICONS } from '../folder-icons'
import { ComposeIcon, MailIcon } from '../icons'

export function MailSidebar({
  folders,
  filters,
  labels,
  loaded,
  unreadInbox,
}: {
  folders: MailFolder[]
  filters: MailFilter[]
  labels: MailLabel[]
  loaded: boolean
  unreadInbox?: number
}) {
  const openCompose = useSetAtom(composeOpenAtom)
  const closeSidebar = useSetAtom(mailSidebarOpenAtom)
  return (
    <FolderSidebar
      testId="mail-sidebar"
      title="Mail"
      titleIcon={<MailIcon boxSize="5" />}
      action={{
        label: (
          <>
            <ComposeIcon /> Compose
          </>
        ),
        testId: 'mail-compose',
        onClick: () => {
          closeSidebar(false)
          openCompose(true)
        },
      }}
      base="/apps/mail"
      testIdPrefix="mail"
      folders={folders}
      foldersTitle="Folders"
      folderCount={(handle) => (handle === 'inbox' ? unreadInbox : undefined)}
      filters={filters}
      labels={labels}
      loaded={loaded}
      icons={FOLDER_ICONS}
      fallbackIcon={MailIcon}
      onNavigate={() => closeSidebar(false)}
    />
  )
}
