import { Badge, Box, Button, Center, Flex, Heading, HStack, IconButton, Menu, Separator, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react'
import { useMemo, useState } from 'react'
import { useNavigate } from 'react-router-dom'

import { IconMenu } from '@/components/icon-menu'
import { LabelChips } from '@/components/label-chips'
import { ToggleIconButton } from '@/components/toggle-icon-button'
import { errorMessage } from '@/data/client'

import type { Mail, MailAttachment, MailFolder, MailLabel, MailListKey } from '../api'
import { useSaveMail } from '../hooks'
import {
  BackIcon,
  FileIcon,
  FolderMoveIcon,
  ImageIcon,
  ImportantFilledIcon,
  ImportantIcon,
  LabelIcon,
  MailIcon,
  StarFilledIcon,
  StarIcon,
  TrashIcon,
} from '../icons'
import { formatMailDate, listPath, mediaUrl } from '../mail-utils'
import { sanitizeHtml } from '../sanitize'

import { MailAvatar } from './mail-avatar'

const TYPE_COLORS: Record<string, string> = { pdf: 'red.500', image: 'purple.500', doc: 'blue.500', xls: 'green.500' }

function AttachmentTile({ attachment }: { attachment: MailAttachment }) {
  const preview = mediaUrl(attachment.preview)
  const link = mediaUrl(attachment.url)
  const isImage = attachment.type === 'image'
  const Icon = isImage ? ImageIcon : FileIcon
  const ext = isImage ? 'IMG' : attachment.type.toUpperCase()
  const body = (
    <Box borderWidth="1px" borderColor="border.muted" borderRadius="lg" overflow="hidden" bg="bg.panel" _hover={{ borderColor: 'border.emphasized' }}>
      <Center h="24" bg="bg.muted" position="relative">
        {preview ? (
          <img src={preview} alt={`Preview of ${attachment.fileName}`} loading="lazy" width={480} height={320} style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
        ) : (
          <Stack align="center" gap="1">
            <Icon boxSize="8" color={TYPE_COLORS[attachment.type] ?? 'fg.muted'} />
            <Badge size="xs" variant="subtle">
              {ext}
            </Badge>
          </Stack>
        )}
      </Center>
      <Box px="3" py="2">
        <Text fontSize="sm" fontWeight="medium" truncate title={attachment.fileName}>
          {attachment.fileName}
        </Text>
        <Text fontSize="xs" color="fg.muted">
          {attachment.size}
        </Text>
      </Box>
    </Box>
  )
  return link ? (
    <a href={link} target="_blank" rel="noopener noreferrer" data-testid="mail-attachment">
      {body}
    </a>
  ) : (
    <Box data-testid="mail-attachment">{body}</Box>
  )
}

export function MailDetails({
  mail,
  error,
  labels,
  folders,
  listKey,
  onMove,
  onRemove,
}: {
  mail: Mail | null
  error: unknown
  labels: MailLabel[]
  folders: MailFolder[]
  listKey: MailListKey
  onMove: (mail: Mail, folder: MailFolder) => void
  onRemove: (mail: Mail) => void
}) {
  const navigate = useNavigate()
  const save = useSaveMail()
  const [showDetails, setShowDetails] = useState(false)
  const body = useMemo(() => (mail ? sanitizeHtml(mail.message) : ''), [mail])
  const back = () => navigate(listPath(listKey))

  if (error) {
    return (
      <Center flexDirection="column" gap="3" h="full" py="16" px="6" textAlign="center" data-testid="mail-details-error">
        <Text fontWeight="semibold">This mail could not be opened</Text>
        <Text fontSize="sm" color="fg.muted">
          {errorMessage(error)}
        </Text>
        <Button size="sm" variant="outline" onClick={back}>
          <BackIcon /> Back to the list
        </Button>
      </Center>
    )
  }
  if (!mail) {
    return (
      <Stack p="6" gap="4">
        <Skeleton h="6" w="60%" />
        <Skeleton h="10" w="40%" />
        <Skeleton h="40" />
      </Stack>
    )
  }
  const folder = folders.find((f) => f.id === mail.folder)
  const inTrash = folder?.handle === 'trash'
  const sentByMe = mail.from.name === 'me'
  return (
    <Flex direction="column" h="full" minH="0" data-testid="mail-details" data-mail-id={mail.id}>
      <Flex align="center" gap="1" px={{ base: '2', md: '4' }} minH="14" borderBottomWidth="1px" borderColor="border.muted" flexShrink={0}>
        <IconButton size="sm" variant="ghost" aria-label="Back to the list" onClick={back} data-testid="mail-details-back">
          <BackIcon />
        </IconButton>
        <Box flex="1" />
        <ToggleIconButton
          on={mail.starred}
          label={['Unstar', 'Star']}
          onColor="orange.400"
          icon={[<StarFilledIcon key="on" />, <StarIcon key="off" />]}
          onClick={() => void save(mail, { starred: !mail.starred })}
          testId="mail-details-star"
        />
        <ToggleIconButton
          on={mail.important}
          label={['Mark as not important', 'Mark as important']}
          onColor="red.400"
          icon={[<ImportantFilledIcon key="on" />, <ImportantIcon key="off" />]}
          onClick={() => void save(mail, { important: !mail.important })}
          testId="mail-details-important"
        />
        <IconMenu icon={<LabelIcon />} label="Labels" title="Labels" testId="mail-details-labels" groupLabel="Labels" closeOnSelect={false}>
          {labels.map((l) => (
            <Menu.CheckboxItem
              key={l.id}
              value={l.handle}
              checked={mail.labels.includes(l.id)}
              onCheckedChange={(on) =>
                void save(mail, { labels: on ? [...mail.labels, l.id] : mail.labels.filter((x) => x !== l.id) })
              }
              data-testid={`mail-details-label-${l.handle}`}
            >
              <Box boxSize="2.5" borderRadius="full" bg={l.color} />
              {l.title}
              <Menu.ItemIndicator />
            </Menu.CheckboxItem>
          ))}
        </IconMenu>
        <IconMenu icon={<FolderMoveIcon />} label="Move to folder" title="Move to folder" testId="mail-details-move" groupLabel="Move to">
          {folders
            .filter((f) => f.id !== mail.folder)
            .map((f) => (
              <Menu.Item key={f.id} value={f.handle} onClick={() => onMove(mail, f)} data-testid={`mail-details-move-${f.handle}`}>
                {f.title}
              </Menu.Item>
            ))}
        </IconMenu>
        <IconButton size="sm" variant="ghost" aria-label="Mark as unread" title="Mark as unread" onClick={() => void save(mail, { read: false }).then(back)} data-testid="mail-details-unread">
          <MailIcon />
        </IconButton>
        <IconButton
          size="sm"
          variant="ghost"
          aria-label={inTrash ? 'Delete for good' : 'Move to trash'}
          title={inTrash ? 'Delete for good' : 'Move to trash'}
          onClick={() => onRemove(mail)}
          data-testid="mail-details-delete"
        >
          <TrashIcon />
        </IconButton>
      </Flex>
      <Box flex="1" overflowY="auto" minH="0" px={{ base: '4', md: '8' }} py="6">
        <Heading as="h2" size="xl" lineHeight="short" data-testid="mail-details-subject">
          {mail.subject}
        </Heading>
        <HStack gap="1.5" mt="3" wrap="wrap">
          {folder && (
            <Badge size="sm" variant="outline" borderRadius="full">
              {folder.title}
            </Badge>
          )}
          <LabelChips ids={mail.labels} labels={labels} name={(l) => l.title} color={(l) => l.color} testId={(l) => `mail-details-label-badge-${l.handle}`} />
        </HStack>
        <Flex gap="3" mt="6" align="flex-start">
          <MailAvatar name={sentByMe ? 'me' : mail.from.name} src={mail.from.avatar} size="md" />
          <Box flex="1" minW="0">
            <Flex columnGap="2" align="baseline" wrap="wrap">
              <Text fontWeight="semibold">{sentByMe ? 'Me' : mail.from.name}</Text>
              <Text fontSize="sm" color="fg.muted" wordBreak="break-all">
                &lt;{mail.from.email}&gt;
              </Text>
            </Flex>
            <Flex columnGap="1" fontSize="sm" color="fg.muted" align="center" wrap="wrap">
              <Text>to {mail.to.map((t) => t.name).join(', ') || '—'}</Text>
              <Button size="2xs" variant="plain" color="brand.fg" px="1" onClick={() => setShowDetails((v) => !v)} aria-expanded={showDetails} data-testid="mail-details-toggle">
                {showDetails ? 'Hide details' : 'Details'}
              </Button>
            </Flex>
            <Text fontSize="xs" color="fg.subtle" mt="0.5" data-testid="mail-details-date">
              {formatMailDate(mail.time)}
            </Text>
          </Box>
        </Flex>
        {showDetails && (
          <Box as="dl" mt="3" p="3" borderRadius="md" bg="bg.muted" fontSize="sm" display="grid" gridTemplateColumns="max-content 1fr" columnGap="4" rowGap="1" data-testid="mail-details-info">
            <Text as="dt" color="fg.muted">
              From
            </Text>
            <Text as="dd" wordBreak="break-word">
              {sentByMe ? 'Me' : mail.from.name} &lt;{mail.from.email}&gt;
            </Text>
            <Text as="dt" color="fg.muted">
              To
            </Text>
            <Text as="dd" wordBreak="break-word">
              {mail.to.map((t) => `${t.name} <${t.email}>`).join(', ')}
            </Text>
            <Text as="dt" color="fg.muted">
              Date
            </Text>
            <Text as="dd">{formatMailDate(mail.time)}</Text>
          </Box>
        )}
        <Box
          mt="6"
          fontSize="sm"
          lineHeight="tall"
          css={{ '& p': { marginBottom: '0.85em' }, '& a': { color: 'var(--chakra-colors-brand-fg)', textDecoration: 'underline' }, '& ul, & ol': { paddingInlineStart: '1.5em', marginBottom: '0.85em' }, '& img': { maxWidth: '100%' } }}
          dangerouslySetInnerHTML={{ __html: body }}
          data-testid="mail-body"
        />
        {mail.attachments.length > 0 && (
          <Box mt="8">
            <Separator mb="4" />
            <Text fontSize="sm" fontWeight="semibold" mb="3">
              {mail.attachments.length} {mail.attachments.length === 1 ? 'attachment' : 'attachments'}
            </Text>
            <SimpleGrid columns={{ base: 2, sm: 3, xl: 4 }} gap="3" data-testid="mail-attachments">
              {mail.attachments.map((a, i) => (
                <AttachmentTile key={`${a.fileName}-${i}`} attachment={a} />
              ))}
            </SimpleGrid>
          </Box>
        )}
      </Box>
    </Flex>
  )
}
