import { Button, Stack } from '@chakra-ui/react'
import { useSetAtom } from 'jotai'

import { FilterAndLabelGroups, SideGroup, SideLink, SideSkeleton, SideTitle } from '@/components/side-nav'

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
  const closeSidebarNow = () => closeSidebar(false)
  return (
    <Stack gap="6" p="4" data-testid="mail-sidebar">
      <SideTitle icon={<MailIcon boxSize="5" />}>Mail</SideTitle>
      <Button
        colorPalette="brand"
        borderRadius="full"
        onClick={() => {
          closeSidebar(false)
          openCompose(true)
        }}
        data-testid="mail-compose"
      >
        <ComposeIcon /> Compose
      </Button>
      {!loaded ? (
        <SideSkeleton />
      ) : (
        <>
          <SideGroup title="Folders">
            {folders.map((f) => {
              const Icon = FOLDER_ICONS[f.icon] ?? MailIcon
              return (
                <SideLink
                  key={f.id}
                  to={`/apps/mail/${f.handle}`}
                  icon={<Icon boxSize="4.5" />}
                  testId={`mail-folder-${f.handle}`}
                  count={f.handle === 'inbox' ? unreadInbox : undefined}
                  onNavigate={closeSidebarNow}
                >
                  {f.title}
                </SideLink>
              )
            })}
          </SideGroup>
          <FilterAndLabelGroups
            base="/apps/mail"
            testIdPrefix="mail"
            filters={filters}
            labels={labels}
            icons={FOLDER_ICONS}
            fallbackIcon={MailIcon}
            onNavigate={closeSidebarNow}
          />
        </>
      )}
    </Stack>
  )
}
