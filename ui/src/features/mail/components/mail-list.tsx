import { Box, Flex, HStack, IconButton, Menu, Portal, Skeleton, Stack, Text } from '@chakra-ui/react'
import { useAtom, useAtomValue } from 'jotai'
import { useNavigate } from 'react-router-dom'

import { EmptyState } from '@/components/empty-state'
import { IconMenu } from '@/components/icon-menu'
import { LabelChips } from '@/components/label-chips'
import { ListSkeleton } from '@/components/list-skeleton'
import { ToggleIconButton } from '@/components/toggle-icon-button'
import { Checkbox } from '@/components/ui/checkbox'

import type { Mail, MailFolder, MailLabel, MailListKey } from '../api'
import { mailSearchAtom, selectedMailIdsAtom } from '../atoms'
import { useSaveMail } from '../hooks'
import {
  ChevronDownIcon,
  ClipIcon,
  FolderMoveIcon,
  ImportantFilledIcon,
  InboxIcon,
  LabelIcon,
  MailIcon,
  MailOpenIcon,
  RefreshIcon,
  StarFilledIcon,
  StarIcon,
  TrashIcon,
} from '../icons'
import { formatMailTime, htmlToText, mailPath, SELECT_MODES, selectIds } from '../mail-utils'

import { MailAvatar } from './mail-avatar'

export interface BulkActions {
  remove: () => void
  move: (folder: MailFolder) => void
  toggleLabel: (label: MailLabel) => void
  markRead: (read: boolean) => void
  busy: boolean
}

function SelectionBar({
  mails,
  folders,
  labels,
  listKey,
  inTrash,
  actions,
  onReload,
}: {
  mails: Mail[]
  folders: MailFolder[]
  labels: MailLabel[]
  listKey: MailListKey
  inTrash: boolean
  actions: BulkActions
  onReload: () => void
}) {
  const [selected, setSelected] = useAtom(selectedMailIdsAtom)
  const all = mails.length > 0 && selected.length === mails.length
  const some = selected.length > 0 && !all
  return (
    <Flex align="center" gap="1" px={{ base: '2', md: '4' }} minH="14" borderBottomWidth="1px" borderColor="border.muted" wrap="wrap" data-testid="mail-toolbar">
      <Checkbox
        aria-label={all ? 'Select none' : 'Select all'}
        checked={some ? 'indeterminate' : all}
        onCheckedChange={() => setSelected(all ? [] : mails.map((m) => m.id))}
        inputProps={{ 'data-testid': 'mail-select-all' }}
        disabled={mails.length === 0}
        px="2"
      />
      <Menu.Root>
        <Menu.Trigger asChild>
          <IconButton size="xs" variant="ghost" aria-label="Select mails" data-testid="mail-select-menu" disabled={mails.length === 0}>
            <ChevronDownIcon />
          </IconButton>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content>
              {SELECT_MODES.map(({ mode, title }) => (
                <Menu.Item key={mode} value={mode} onClick={() => setSelected(selectIds(mails, mode))} data-testid={`mail-select-${mode}`}>
                  {title}
                </Menu.Item>
              ))}
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
      {selected.length > 0 ? (
        <HStack gap="1" flex="1" wrap="wrap">
          <Text fontSize="sm" color="fg.muted" mx="2" data-testid="mail-selected-count">
            {selected.length} selected
          </Text>
          <IconButton
            size="sm"
            variant="ghost"
            aria-label={inTrash ? 'Delete for good' : 'Move to trash'}
            title={inTrash ? 'Delete for good' : 'Move to trash'}
            onClick={actions.remove}
            disabled={actions.busy}
            data-testid="mail-bulk-delete"
          >
            <TrashIcon />
          </IconButton>
          <IconMenu icon={<FolderMoveIcon />} label="Move to folder" title="Move to folder" testId="mail-bulk-move" disabled={actions.busy} groupLabel="Move to">
            {folders
              .filter((f) => listKey.kind !== 'folder' || f.handle !== listKey.handle)
              .map((f) => (
                <Menu.Item key={f.id} value={f.handle} onClick={() => actions.move(f)} data-testid={`mail-move-${f.handle}`}>
                  {f.title}
                </Menu.Item>
              ))}
          </IconMenu>
          <IconMenu icon={<LabelIcon />} label="Toggle label" title="Add or remove a label" testId="mail-bulk-label" disabled={actions.busy} groupLabel="Add or remove label">
            {labels.map((l) => (
              <Menu.Item key={l.id} value={l.handle} onClick={() => actions.toggleLabel(l)} data-testid={`mail-label-toggle-${l.handle}`}>
                <Box boxSize="2.5" borderRadius="full" bg={l.color} />
                {l.title}
              </Menu.Item>
            ))}
          </IconMenu>
          <IconButton size="sm" variant="ghost" aria-label="Mark as read" title="Mark as read" onClick={() => actions.markRead(true)} disabled={actions.busy} data-testid="mail-bulk-read">
            <MailOpenIcon />
          </IconButton>
          <IconButton size="sm" variant="ghost" aria-label="Mark as unread" title="Mark as unread" onClick={() => actions.markRead(false)} disabled={actions.busy} data-testid="mail-bulk-unread">
            <MailIcon />
          </IconButton>
        </HStack>
      ) : (
        <Box flex="1" />
      )}
      <IconButton size="sm" variant="ghost" aria-label="Refresh" title="Refresh" onClick={onReload} data-testid="mail-reload">
        <RefreshIcon />
      </IconButton>
    </Flex>
  )
}

function MailRow({ mail, labels, listKey, active }: { mail: Mail; labels: MailLabel[]; listKey: MailListKey; active: boolean }) {
  const navigate = useNavigate()
  const [selected, setSelected] = useAtom(selectedMailIdsAtom)
  const save = useSaveMail()
  const checked = selected.includes(mail.id)
  const open = () => navigate(mailPath(listKey, mail.id))
  const sender = mail.from.name === 'me' ? `To: ${mail.to.map((t) => t.name).join(', ')}` : mail.from.name
  return (
    <Flex
      role="row"
      gap="3"
      px={{ base: '3', md: '4' }}
      py="3"
      borderBottomWidth="1px"
      borderColor="border.muted"
      borderInlineStartWidth="3px"
      borderInlineStartColor={mail.read ? 'transparent' : 'brand.solid'}
      bg={active ? 'brand.muted' : checked ? 'bg.muted' : mail.read ? 'transparent' : 'bg.panel'}
      cursor="pointer"
      _hover={{ bg: active ? 'brand.muted' : 'bg.muted' }}
      onClick={open}
      data-testid={`mail-row-${mail.id}`}
      data-read={mail.read ? 'true' : 'false'}
      data-selected={checked ? 'true' : 'false'}
    >
      <Stack gap="2" align="center" pt="0.5" onClick={(e) => e.stopPropagation()}>
        <Checkbox
          aria-label={`Select “${mail.subject}”`}
          checked={checked}
          onCheckedChange={(d) => setSelected((ids) => (d.checked ? [...ids, mail.id] : ids.filter((x) => x !== mail.id)))}
          inputProps={{ 'data-testid': `mail-row-${mail.id}-check` }}
        />
        <ToggleIconButton
          size="2xs"
          on={mail.starred}
          label={['Unstar', 'Star']}
          onColor="orange.400"
          offColor="fg.subtle"
          icon={[<StarFilledIcon key="on" />, <StarIcon key="off" />]}
          onClick={() => void save(mail, { starred: !mail.starred })}
          testId={`mail-row-${mail.id}-star`}
        />
      </Stack>
      <MailAvatar name={mail.from.name === 'me' ? (mail.to[0]?.name ?? 'me') : mail.from.name} src={mail.from.avatar} />
      <Box flex="1" minW="0">
        <Flex align="baseline" gap="2">
          <Text flex="1" truncate fontSize="sm" fontWeight={mail.read ? 'medium' : 'bold'}>
            {sender}
          </Text>
          {mail.important && <ImportantFilledIcon boxSize="3.5" color="red.400" aria-label="Important" />}
          {mail.hasAttachments && <ClipIcon boxSize="3.5" color="fg.muted" aria-label="Has attachments" />}
          <Text fontSize="xs" color={mail.read ? 'fg.subtle' : 'brand.fg'} fontWeight={mail.read ? 'normal' : 'semibold'} flexShrink={0}>
            {formatMailTime(mail.time)}
          </Text>
        </Flex>
        <Text fontSize="sm" truncate fontWeight={mail.read ? 'normal' : 'semibold'} color={mail.read ? 'fg.muted' : 'fg'} mt="0.5">
          {mail.subject}
        </Text>
        <Text fontSize="xs" color="fg.subtle" lineClamp={1} mt="0.5">
          {htmlToText(mail.message)}
        </Text>
        {mail.labels.length > 0 && (
          <HStack gap="1" mt="2" wrap="wrap">
            <LabelChips ids={mail.labels} labels={labels} name={(l) => l.title} color={(l) => l.color} testId={(l) => `mail-row-${mail.id}-label-${l.handle}`} />
          </HStack>
        )}
      </Box>
    </Flex>
  )
}

export function MailList({
  mails,
  labels,
  folders,
  listKey,
  listTitle,
  openId,
  inTrash,
  actions,
  onReload,
}: {
  mails: Mail[] | null
  labels: MailLabel[]
  folders: MailFolder[]
  listKey: MailListKey
  listTitle: string
  openId?: string
  inTrash: boolean
  actions: BulkActions
  onReload: () => void
}) {
  const search = useAtomValue(mailSearchAtom)
  return (
    <Flex direction="column" h="full" minH="0" data-testid="mail-list" aria-label={`${listTitle} mails`}>
      <SelectionBar mails={mails ?? []} folders={folders} labels={labels} listKey={listKey} inTrash={inTrash} actions={actions} onReload={onReload} />
      <Box flex="1" overflowY="auto" minH="0">
        {mails === null ? (
          <ListSkeleton rows={6} lead={<Skeleton boxSize="8" borderRadius="full" />} lines={['40%', '80%', '60%']} />
        ) : mails.length === 0 ? (
          <EmptyState
            gap="3"
            py="20"
            px="6"
            testId="mail-list-empty"
            icon={<InboxIcon boxSize="7" />}
            title={search ? 'No mails match your search' : 'There are no messages!'}
            text={search ? `Nothing in ${listTitle} matches “${search}”.` : `${listTitle} is empty.`}
          />
        ) : (
          <Box role="grid" aria-rowcount={mails.length}>
            {mails.map((mail) => (
              <MailRow key={mail.id} mail={mail} labels={labels} listKey={listKey} active={mail.id === openId} />
            ))}
          </Box>
        )}
      </Box>
      {mails && mails.length > 0 && (
        <Text px="4" py="2" fontSize="xs" color="fg.subtle" borderTopWidth="1px" borderColor="border.muted" data-testid="mail-count">
          {mails.length} {mails.length === 1 ? 'mail' : 'mails'}
        </Text>
      )}
    </Flex>
  )
}
