import { Badge, Box, Button, CloseButton, Dialog, Flex, Grid, HStack, Input, Menu, NativeSelect, Popover, Portal, Progress, Stack, Text, Textarea } from '@chakra-ui/react'
import { useAtom, useAtomValue, useSetAtom } from 'jotai'
import { useRef, useState } from 'react'

import { DateTimePopover } from '@/components/date-time-popover'
import { DialogFrame } from '@/components/form-dialog'
import { PersonAvatar } from '@/components/person-avatar'
import { Section } from '@/components/section'
import { Checkbox } from '@/components/ui/checkbox'
import { errorMessage } from '@/data/client'
import { userAtom } from '@/lib/auth'
import { useDialog } from '@/lib/dialog'
import { showMessage } from '@/lib/snackbar'

import { removeCard, updateCard, type Activity, type Attachment, type Board, type Card, type Checklist } from '../api'
import { boardAtom, openCardIdAtom, replaceCardAtom } from '../atoms'
import { checklistProgress, dueState, imageToDataUrl, isUrl, labelColor, mediaUrl, newId, toDate } from '../board-utils'
import { ActivityIcon, CheckSquareIcon, ClipIcon, ClockIcon, EyeIcon, ImageIcon, LabelIcon, LinkIcon, TextIcon, TrashIcon, UsersIcon } from '../icons'

import { InlineName } from './board-list'

const when = new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' })
const formatWhen = (value: string | number) => {
  const d = toDate(value)
  return Number.isNaN(d.getTime()) ? '' : when.format(d)
}

function MemberAvatar({ name, src, size = 'xs' }: { name: string; src?: string; size?: '2xs' | 'xs' | 'sm' }) {
  return <PersonAvatar name={name} src={src} size={size} colorPalette="brand" title={name} />
}

function DuePicker({ due, onChange }: { due: string | null; onChange: (due: string | null) => void }) {
  return (
    <DateTimePopover
      trigger={
        <Button size="xs" variant="outline" data-testid="card-due-button">
          <ClockIcon /> Due date
        </Button>
      }
      value={due}
      onChange={onChange}
      saveLabel="Save"
      testIdPrefix="card-due"
    />
  )
}

function AttachmentAdder({ onAdd }: { onAdd: (a: Attachment) => void }) {
  const [open, setOpen] = useState(false)
  const [name, setName] = useState('')
  const [url, setUrl] = useState('')
  const file = useRef<HTMLInputElement>(null)
  const valid = isUrl(url.trim())
  const add = (kind: 'link' | 'image') => {
    const address = url.trim()
    const label = name.trim() || address
    onAdd(kind === 'link' ? { id: newId(), type: 'link', name: label, url: address, time: new Date().toISOString() } : { id: newId(), type: 'image', name: label, src: address, time: new Date().toISOString() })
    setName('')
    setUrl('')
    setOpen(false)
  }
  return (
    <Popover.Root open={open} onOpenChange={(d) => setOpen(d.open)}>
      <Popover.Trigger asChild>
        <Button size="xs" variant="outline" data-testid="card-attach-button">
          <ClipIcon /> Attachment
        </Button>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content w="80">
            <Popover.Body>
              <Stack gap="3">
                <Text fontWeight="semibold" fontSize="sm">
                  Attach a link or an image
                </Text>
                <Input size="sm" placeholder="https://…" value={url} onChange={(e) => setUrl(e.target.value)} data-testid="card-attach-url" />
                <Input size="sm" placeholder="Name (optional)" value={name} onChange={(e) => setName(e.target.value)} data-testid="card-attach-name" />
                <HStack justify="space-between">
                  <Button size="xs" variant="ghost" onClick={() => file.current?.click()} data-testid="card-attach-upload">
                    <ImageIcon /> Upload image
                  </Button>
                  <HStack>
                    <Button size="xs" variant="outline" disabled={!valid} onClick={() => add('image')} data-testid="card-attach-image">
                      As image
                    </Button>
                    <Button size="xs" colorPalette="brand" disabled={!valid} onClick={() => add('link')} data-testid="card-attach-link">
                      Attach link
                    </Button>
                  </HStack>
                </HStack>
                <input
                  ref={file}
                  type="file"
                  accept="image/*"
                  hidden
                  onChange={(e) => {
                    const picked = e.target.files?.[0]
                    e.target.value = ''
                    if (!picked) return
                    imageToDataUrl(picked).then(
                      (src) => {
                        onAdd({ id: newId(), type: 'image', name: picked.name, src, time: new Date().toISOString() })
                        setOpen(false)
                      },
                      (err: unknown) => showMessage(errorMessage(err), 'error'),
                    )
                  }}
                />
              </Stack>
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  )
}

function ChecklistBlock({ checklist, index, onChange, onRemove }: { checklist: Checklist; index: number; onChange: (c: Checklist) => void; onRemove: () => void }) {
  const [item, setItem] = useState('')
  const { done, total } = checklistProgress([checklist])
  const addItem = () => {
    const name = item.trim()
    if (!name) return
    onChange({ ...checklist, checkItems: [...checklist.checkItems, { id: newId(), name, checked: false }] })
    setItem('')
  }
  return (
    <Section level="h3" size="sm" headerMb="2" landmark={false}
      icon={<CheckSquareIcon boxSize="4" />}
      title={<InlineName value={checklist.name} onSave={(name) => onChange({ ...checklist, name })} testId={`card-checklist-${index}-name`} />}
      action={
        <Button size="2xs" variant="ghost" onClick={onRemove} data-testid={`card-checklist-${index}-remove`}>
          Delete
        </Button>
      }
    >
      <HStack gap="2" mb="2">
        <Text fontSize="xs" color="fg.muted" w="9" data-testid={`card-checklist-${index}-progress`}>
          {total ? Math.round((done / total) * 100) : 0}%
        </Text>
        <Progress.Root value={total ? (done / total) * 100 : 0} size="xs" flex="1" colorPalette={done === total && total > 0 ? 'green' : 'brand'}>
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      </HStack>
      <Stack gap="1" ps="1">
        {checklist.checkItems.map((ci, i) => (
          <HStack key={String(ci.id)} gap="2" role="group">
            <Checkbox
              size="sm"
              checked={ci.checked}
              aria-label={ci.checked ? `Uncheck ${ci.name}` : `Check ${ci.name}`}
              onCheckedChange={(d) => onChange({ ...checklist, checkItems: checklist.checkItems.map((x, j) => (j === i ? { ...x, checked: Boolean(d.checked) } : x)) })}
              inputProps={{ 'data-testid': `card-checklist-${index}-item-${i}` }}
            />
            <Box flex="1" minW="0" textDecoration={ci.checked ? 'line-through' : undefined} color={ci.checked ? 'fg.muted' : 'fg'} fontWeight="normal">
              <InlineName
                value={ci.name}
                onSave={(name) => onChange({ ...checklist, checkItems: checklist.checkItems.map((x, j) => (j === i ? { ...x, name } : x)) })}
                testId={`card-checklist-${index}-item-${i}-name`}
              />
            </Box>
            <CloseButton size="2xs" aria-label={`Remove ${ci.name}`} onClick={() => onChange({ ...checklist, checkItems: checklist.checkItems.filter((_, j) => j !== i) })} />
          </HStack>
        ))}
        <HStack gap="2" mt="1">
          <Input
            size="xs"
            placeholder="Add an item"
            value={item}
            onChange={(e) => setItem(e.target.value)}
            onKeyDown={(e) => e.key === 'Enter' && addItem()}
            data-testid={`card-checklist-${index}-new-item`}
          />
          <Button size="xs" variant="outline" disabled={!item.trim()} onClick={addItem} data-testid={`card-checklist-${index}-add-item`}>
            Add
          </Button>
        </HStack>
      </Stack>
    </Section>
  )
}

function CardEditor({ card, board, onMove, onClose, onRemoved }: { card: Card; board: Board; onMove: (cardId: string, listId: string) => void; onClose: () => void; onRemoved: () => void }) {
  const replace = useSetAtom(replaceCardAtom)
  const user = useAtomValue(userAtom)
  const { confirm } = useDialog()
  const [name, setName] = useState(card.name)
  const [description, setDescription] = useState(card.description)
  const [comment, setComment] = useState('')
  const [checklistName, setChecklistName] = useState('')
  const list = board.lists.find((l) => l.idCards.includes(card.id))
  const members = board.members.filter((m) => card.idMembers.includes(m.id))
  const due = dueState(card.due)
  const me = { id: `portal-user-${user.data?.id ?? 'unknown'}`, name: user.data?.displayName ?? 'Me' }

  async function save(changes: Partial<Card>, done?: string) {
    const next = { ...card, ...changes }
    replace(next)
    try {
      replace(await updateCard(board.id, next))
      if (done) showMessage(done, 'success')
    } catch (e) {
      replace(card)
      showMessage(errorMessage(e), 'error')
    }
  }

  const attachmentActivity = (a: Attachment): Activity => ({ id: newId(), type: 'attachment', idMember: me.id, memberName: me.name, message: `attached ${a.name}`, time: new Date().toISOString() })
  const authorOf = (a: Activity) => board.members.find((m) => m.id === a.idMember)?.name ?? a.memberName ?? 'Someone'
  const activities = [...card.activities].sort((a, b) => toDate(b.time).getTime() - toDate(a.time).getTime())

  return (
    <>
      <Dialog.Header flexDirection="column" alignItems="stretch" gap="2" pe="12">
        <Textarea
          value={name}
          onChange={(e) => setName(e.target.value)}
          onBlur={() => name.trim() && name.trim() !== card.name && void save({ name: name.trim() })}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault()
              ;(e.target as HTMLTextAreaElement).blur()
            }
          }}
          autoresize
          rows={1}
          fontSize="xl"
          fontWeight="semibold"
          variant="flushed"
          borderBottomWidth="0"
          aria-label="Card title"
          data-testid="card-name"
        />
        <HStack gap="2" fontSize="sm" color="fg.muted">
          <Text>in list</Text>
          <NativeSelect.Root size="xs" w="auto">
            <NativeSelect.Field value={list?.id ?? ''} onChange={(e) => onMove(card.id, e.target.value)} aria-label="Move to list" data-testid="card-move">
              {board.lists.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.name}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </HStack>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="6">
          <Flex gap="2" wrap="wrap">
            <Menu.Root closeOnSelect={false}>
              <Menu.Trigger asChild>
                <Button size="xs" variant="outline" data-testid="card-labels-button">
                  <LabelIcon /> Labels
                </Button>
              </Menu.Trigger>
              <Portal>
                <Menu.Positioner>
                  <Menu.Content zIndex="popover">
                    {board.labels.map((l) => (
                      <Menu.CheckboxItem
                        key={l.id}
                        value={l.id}
                        checked={card.idLabels.includes(l.id)}
                        onCheckedChange={(on) => void save({ idLabels: on ? [...card.idLabels, l.id] : card.idLabels.filter((x) => x !== l.id) })}
                        data-testid={`card-label-${l.id}`}
                      >
                        <Box boxSize="3" borderRadius="full" bg={labelColor(l.class)} />
                        {l.name}
                        <Menu.ItemIndicator />
                      </Menu.CheckboxItem>
                    ))}
                  </Menu.Content>
                </Menu.Positioner>
              </Portal>
            </Menu.Root>
            <Menu.Root closeOnSelect={false}>
              <Menu.Trigger asChild>
                <Button size="xs" variant="outline" disabled={board.members.length === 0} title={board.members.length ? undefined : 'This board has no members'} data-testid="card-members-button">
                  <UsersIcon /> Members
                </Button>
              </Menu.Trigger>
              <Portal>
                <Menu.Positioner>
                  <Menu.Content zIndex="popover">
                    {board.members.map((m) => (
                      <Menu.CheckboxItem
                        key={m.id}
                        value={m.id}
                        checked={card.idMembers.includes(m.id)}
                        onCheckedChange={(on) => void save({ idMembers: on ? [...card.idMembers, m.id] : card.idMembers.filter((x) => x !== m.id) })}
                        data-testid={`card-member-${m.id}`}
                      >
                        <MemberAvatar name={m.name} src={m.avatar} size="2xs" />
                        {m.name}
                        <Menu.ItemIndicator />
                      </Menu.CheckboxItem>
                    ))}
                  </Menu.Content>
                </Menu.Positioner>
              </Portal>
            </Menu.Root>
            <DuePicker due={card.due} onChange={(value) => void save({ due: value })} />
            <AttachmentAdder onAdd={(a) => void save({ attachments: [...card.attachments, a], activities: [...card.activities, attachmentActivity(a)] }, 'Attachment added.')} />
            <Button
              size="xs"
              variant={card.subscribed ? 'subtle' : 'outline'}
              colorPalette={card.subscribed ? 'brand' : undefined}
              aria-pressed={card.subscribed}
              onClick={() => void save({ subscribed: !card.subscribed })}
              data-testid="card-subscribe"
            >
              <EyeIcon /> {card.subscribed ? 'Subscribed' : 'Subscribe'}
            </Button>
          </Flex>

          {(card.idLabels.length > 0 || members.length > 0 || card.due) && (
            <Grid templateColumns={{ base: '1fr', sm: 'repeat(3, auto)' }} justifyContent="start" gap="6">
              {card.idLabels.length > 0 && (
                <Box>
                  <Text fontSize="xs" color="fg.muted" mb="1">
                    Labels
                  </Text>
                  <Flex gap="1" wrap="wrap">
                    {card.idLabels.map((id) => {
                      const l = board.labels.find((x) => x.id === id)
                      return l ? (
                        <Badge key={id} size="sm" bg={labelColor(l.class)} color="white" data-testid={`card-label-badge-${id}`}>
                          {l.name}
                        </Badge>
                      ) : null
                    })}
                  </Flex>
                </Box>
              )}
              {members.length > 0 && (
                <Box>
                  <Text fontSize="xs" color="fg.muted" mb="1">
                    Members
                  </Text>
                  <HStack gap="1">
                    {members.map((m) => (
                      <MemberAvatar key={m.id} name={m.name} src={m.avatar} />
                    ))}
                  </HStack>
                </Box>
              )}
              {card.due && (
                <Box>
                  <Text fontSize="xs" color="fg.muted" mb="1">
                    Due date
                  </Text>
                  <Badge size="md" colorPalette={due === 'overdue' ? 'red' : due === 'soon' ? 'orange' : 'gray'} data-testid="card-due">
                    {formatWhen(card.due)}
                    {due === 'overdue' ? ' · overdue' : ''}
                  </Badge>
                </Box>
              )}
            </Grid>
          )}

          <Section level="h3" size="sm" headerMb="2" landmark={false} icon={<TextIcon boxSize="4" />} title="Description">
            <Textarea
              rows={3}
              autoresize
              placeholder="Add a more detailed description…"
              value={description}
              onChange={(e) => setDescription(e.target.value)}
              onBlur={() => description !== card.description && void save({ description })}
              data-testid="card-description"
            />
          </Section>

          {card.attachments.length > 0 && (
            <Section level="h3" size="sm" headerMb="2" landmark={false} icon={<ClipIcon boxSize="4" />} title="Attachments">
              <Stack gap="2" data-testid="card-attachments">
                {card.attachments.map((a) => {
                  const src = a.type === 'image' ? mediaUrl(a.src) : null
                  const isCover = card.idAttachmentCover === a.id
                  return (
                    <Flex key={a.id} gap="3" align="center" data-testid={`card-attachment-${a.id}`}>
                      <Flex w="20" h="14" flexShrink={0} borderRadius="md" bg="bg.muted" align="center" justify="center" overflow="hidden">
                        {src ? <img src={src} alt="" loading="lazy" width={480} height={270} style={{ width: '100%', height: '100%', objectFit: 'cover' }} /> : a.type === 'image' ? <ImageIcon boxSize="6" color="fg.muted" /> : <LinkIcon boxSize="6" color="fg.muted" />}
                      </Flex>
                      <Box flex="1" minW="0">
                        {a.type === 'link' && a.url ? (
                          <a href={a.url} target="_blank" rel="noopener noreferrer">
                            <Text fontSize="sm" fontWeight="medium" truncate color="brand.fg" _hover={{ textDecoration: 'underline' }}>
                              {a.name}
                            </Text>
                          </a>
                        ) : (
                          <Text fontSize="sm" fontWeight="medium" truncate>
                            {a.name}
                          </Text>
                        )}
                        <Text fontSize="xs" color="fg.muted">
                          {formatWhen(a.time)}
                          {isCover ? ' · Cover' : ''}
                          {a.type === 'image' && !src ? ' · image file not available here' : ''}
                        </Text>
                        <HStack gap="1" mt="0.5">
                          {a.type === 'image' && (
                            <Button size="2xs" variant="plain" px="0" color="fg.muted" onClick={() => void save({ idAttachmentCover: isCover ? '' : a.id })} data-testid={`card-attachment-${a.id}-cover`}>
                              {isCover ? 'Remove cover' : 'Make cover'}
                            </Button>
                          )}
                          <Button
                            size="2xs"
                            variant="plain"
                            px="0"
                            ms={a.type === 'image' ? '3' : '0'}
                            color="fg.muted"
                            onClick={() => void save({ attachments: card.attachments.filter((x) => x.id !== a.id), idAttachmentCover: isCover ? '' : card.idAttachmentCover })}
                            data-testid={`card-attachment-${a.id}-remove`}
                          >
                            Remove
                          </Button>
                        </HStack>
                      </Box>
                    </Flex>
                  )
                })}
              </Stack>
            </Section>
          )}

          {card.checklists.map((c, i) => (
            <ChecklistBlock
              key={String(c.id)}
              checklist={c}
              index={i}
              onChange={(next) => void save({ checklists: card.checklists.map((x, j) => (j === i ? next : x)) })}
              onRemove={() => void save({ checklists: card.checklists.filter((_, j) => j !== i) })}
            />
          ))}
          <HStack gap="2">
            <CheckSquareIcon boxSize="4" color="fg.muted" />
            <Input size="sm" placeholder="New checklist name" value={checklistName} onChange={(e) => setChecklistName(e.target.value)} data-testid="card-new-checklist-name" />
            <Button
              size="sm"
              variant="outline"
              disabled={!checklistName.trim()}
              onClick={() => {
                void save({ checklists: [...card.checklists, { id: newId(), name: checklistName.trim(), checkItems: [] }] })
                setChecklistName('')
              }}
              data-testid="card-add-checklist"
            >
              Add checklist
            </Button>
          </HStack>

          <Section level="h3" size="sm" headerMb="2" landmark={false} icon={<ActivityIcon boxSize="4" />} title="Comments and activity">
            <Flex gap="3" mb="4">
              <MemberAvatar name={me.name} size="sm" />
              <Stack flex="1" gap="2">
                <Textarea rows={2} placeholder="Write a comment…" value={comment} onChange={(e) => setComment(e.target.value)} data-testid="card-comment-input" />
                <Box>
                  <Button
                    size="xs"
                    colorPalette="brand"
                    disabled={!comment.trim()}
                    onClick={() => {
                      void save({ activities: [...card.activities, { id: newId(), type: 'comment', idMember: me.id, memberName: me.name, message: comment.trim(), time: new Date().toISOString() }] })
                      setComment('')
                    }}
                    data-testid="card-comment-save"
                  >
                    Save comment
                  </Button>
                </Box>
              </Stack>
            </Flex>
            <Stack gap="3" data-testid="card-activities">
              {activities.map((a) => (
                <Flex key={String(a.id)} gap="3" align="flex-start">
                  <MemberAvatar name={authorOf(a)} src={board.members.find((m) => m.id === a.idMember)?.avatar} size="sm" />
                  <Box flex="1" minW="0">
                    <Text fontSize="sm">
                      <Text as="span" fontWeight="semibold">
                        {authorOf(a)}
                      </Text>{' '}
                      <Text as="span" color="fg.muted" fontSize="xs">
                        {formatWhen(a.time)}
                      </Text>
                    </Text>
                    {a.type === 'comment' ? (
                      <Box mt="1" px="3" py="2" bg="bg.muted" borderRadius="md" fontSize="sm" whiteSpace="pre-wrap">
                        {a.message}
                      </Box>
                    ) : (
                      <Text fontSize="sm" color="fg.muted">
                        {a.message}
                      </Text>
                    )}
                  </Box>
                </Flex>
              ))}
            </Stack>
          </Section>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer justifyContent="space-between">
        <Button
          size="sm"
          variant="ghost"
          colorPalette="red"
          onClick={async () => {
            const ok = await confirm({ title: `Delete the card “${card.name}”?`, body: 'It is removed from the board for good.', confirmLabel: 'Delete', tone: 'danger' })
            if (!ok) return
            try {
              await removeCard(board.id, card.id)
              showMessage('Card deleted.', 'success')
              onClose()
              onRemoved()
            } catch (e) {
              showMessage(errorMessage(e), 'error')
            }
          }}
          data-testid="card-delete"
        >
          <TrashIcon /> Delete card
        </Button>
        <Button size="sm" variant="outline" onClick={onClose} data-testid="card-close">
          Close
        </Button>
      </Dialog.Footer>
    </>
  )
}

export function CardDialog({ board, onMove, onRemoved }: { board: Board; onMove: (cardId: string, listId: string) => void; onRemoved: () => void }) {
  const [openId, setOpenId] = useAtom(openCardIdAtom)
  const current = useAtomValue(boardAtom)
  const card = (current ?? board).cards.find((c) => c.id === openId) ?? null
  return (
    <DialogFrame testId="card-dialog" open={Boolean(card)} onOpenChange={(d) => !d.open && setOpenId(null)} size={{ base: 'full', md: 'lg' }} placement="top" scrollBehavior="outside">
      {card && <CardEditor key={card.id} card={card} board={board} onMove={onMove} onClose={() => setOpenId(null)} onRemoved={onRemoved} />}
    </DialogFrame>
  )
}
