import { Box, Flex, useBreakpointValue } from '@chakra-ui/react'
import { useAtom } from 'jotai'
import { useMemo, useState } from 'react'
import { useNavigate, useParams } from 'react-router-dom'

import { EmptyState } from '@/components/empty-state'
import { SearchSidebarLayout } from '@/components/search-sidebar-layout'
import { errorMessage } from '@/data/client'
import { folderListTitle } from '@/hooks/use-folder-list'
import { useDialog } from '@/lib/dialog'
import { showMessage } from '@/lib/snackbar'

import { deleteMails, setFolder, toggleLabel, updateMail, type Mail, type MailFolder, type MailLabel } from '../api'
import { mailSearchAtom, mailSidebarOpenAtom, selectedMailIdsAtom } from '../atoms'
import { useMailList, useMailMeta, useOpenMail } from '../hooks'
import { MailOpenIcon } from '../icons'
import { listKeyFromParams, listPath, searchMails, TRASH_FOLDER_HANDLE } from '../mail-utils'

import { ComposeDialog } from './compose-dialog'
import { MailDetails } from './mail-details'
import { MailList } from './mail-list'
import { MailSidebar } from './mail-sidebar'

const plural = (n: number) => `${n} ${n === 1 ? 'mail' : 'mails'}`

/** /apps/mail/:folder, /apps/mail/label/:label, /apps/mail/filter/:filter, each with an optional open mail. */
export default function MailPage() {
  const params = useParams()
  const listKey = listKeyFromParams(params)
  const mailId = params.mailId
  const navigate = useNavigate()
  const { confirm } = useDialog()
  const meta = useMailMeta()
  const list = useMailList(listKey)
  const open = useOpenMail(mailId)
  const [search, setSearch] = useAtom(mailSearchAtom)
  const [selected, setSelected] = useAtom(selectedMailIdsAtom)
  const [busy, setBusy] = useState(false)
  const split = useBreakpointValue({ base: false, xl: true }) ?? false

  const shown = useMemo(() => (list.mails ? searchMails(list.mails, search) : null), [list.mails, search])
  const trash = meta.folders.find((f) => f.handle === TRASH_FOLDER_HANDLE)
  const inTrash = listKey.kind === 'folder' && listKey.handle === TRASH_FOLDER_HANDLE
  const title = folderListTitle(listKey, meta)
  const unreadInbox = listKey.kind === 'folder' && listKey.handle === 'inbox' ? list.mails?.filter((m) => !m.read).length : undefined

  async function run(action: () => Promise<unknown>, done: string) {
    setBusy(true)
    try {
      await action()
      showMessage(done, 'success')
      setSelected([])
    } catch (e) {
      showMessage(errorMessage(e), 'error')
    } finally {
      setBusy(false)
      list.reload()
    }
  }

  async function removeMails(ids: string[]): Promise<boolean> {
    if (ids.length === 0) return false
    if (inTrash || !trash) {
      const ok = await confirm({
        title: `Delete ${plural(ids.length)} for good?`,
        body: 'They are removed from the mailbox and cannot be restored.',
        confirmLabel: 'Delete',
        tone: 'danger',
      })
      if (!ok) return false
      await run(() => deleteMails(ids), `${plural(ids.length)} deleted.`)
    } else {
      await run(() => setFolder(ids, trash.id), `${plural(ids.length)} moved to ${trash.title}.`)
    }
    return true
  }

  const actions = {
    busy,
    remove: () => void removeMails(selected),
    move: (folder: MailFolder) => void run(() => setFolder(selected, folder.id), `${plural(selected.length)} moved to ${folder.title}.`),
    toggleLabel: (label: MailLabel) => void run(() => toggleLabel(selected, label.id), `Label “${label.title}” toggled on ${plural(selected.length)}.`),
    markRead: (read: boolean) => {
      const mails = (list.mails ?? []).filter((m) => selected.includes(m.id) && m.read !== read)
      void run(() => Promise.all(mails.map((m) => updateMail({ ...m, read }))), `${plural(selected.length)} marked as ${read ? 'read' : 'unread'}.`)
    },
  }

  const moveOne = (mail: Mail, folder: MailFolder) =>
    void run(() => setFolder([mail.id], folder.id), `Mail moved to ${folder.title}.`).then(() => navigate(listPath(listKey)))
  const removeOne = (mail: Mail) =>
    void removeMails([mail.id]).then((done) => done && navigate(listPath(listKey)))

  const sidebar = <MailSidebar folders={meta.folders} filters={meta.filters} labels={meta.labels} loaded={meta.loaded} unreadInbox={unreadInbox} />
  const listPane = (
    <MailList
      mails={shown}
      labels={meta.labels}
      folders={meta.folders}
      listKey={listKey}
      listTitle={title}
      openId={mailId}
      inTrash={inTrash}
      actions={actions}
      onReload={list.reload}
    />
  )
  const detailsPane = (
    <MailDetails mail={open.mail} error={open.error} labels={meta.labels} folders={meta.folders} listKey={listKey} onMove={moveOne} onRemove={removeOne} />
  )

  return (
    <SearchSidebarLayout
      openAtom={mailSidebarOpenAtom}
      h={{ base: 'calc(100dvh - 7rem)' }}
      minH="520px"
      bg="bg"
      data-testid="mail-page"
      sidebar={sidebar}
      drawerTestId="mail-sidebar-drawer"
      overlays={<ComposeDialog onSent={list.reload} />}
      searchBar={{
        menuLabel: 'Open mail folders',
        testIdPrefix: 'mail',
        titleTestId: 'mail-list-title',
        title,
        titleProps: { minW: '0', flexShrink: 1, maxW: { base: '32', md: '60' } },
        search,
        onSearch: setSearch,
        placeholder: 'Search mail',
        flexShrink: 0,
      }}
    >
      <Flex flex="1" minH="0">
        {split ? (
          <>
            <Box w={{ xl: '360px', '2xl': '420px' }} flexShrink={0} borderEndWidth="1px" borderColor="border.muted" minH="0">
              {listPane}
            </Box>
            <Box flex="1" minW="0" minH="0" bg="bg.panel">
              {mailId ? (
                detailsPane
              ) : (
                <EmptyState h="full" py="0" gap="3" testId="mail-details-empty" icon={<MailOpenIcon boxSize="7" />} text="Select a mail to read it." />
              )}
            </Box>
          </>
        ) : (
          <Box flex="1" minW="0" minH="0" bg={mailId ? 'bg.panel' : undefined}>
            {mailId ? detailsPane : listPane}
          </Box>
        )}
      </Flex>
    </SearchSidebarLayout>
  )
}
