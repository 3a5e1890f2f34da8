import { Badge, Box, Button, Dialog, Flex, Grid, HStack, Input, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react'
import { useAtom, useAtomValue, useSetAtom } from 'jotai'
import { useState } from 'react'

import { DateTimePopover } from '@/components/date-time-popover'
import { DialogFrame } from '@/components/form-dialog'
import { Section } from '@/components/section'
import { errorMessage } from '@/data/client'
import { userAtom } from '@/lib/auth'
import { useDialog } from '@/lib/dialog'
import { showMessage } from '@/lib/snackbar'

import { removeCard, updateCard, type Activity, type Attachment, type Board, type Card } from '../api'
import { boardAtom, openCardIdAtom, replaceCardAtom } from '../atoms'
import { dueState, formatWhen, labelColor, newId } from '../board-utils'
import { CheckSquareIcon, ClockIcon, EyeIcon, LabelIcon, TextIcon, TrashIcon, UsersIcon } from '../icons'

import { CardActivity } from './card-activity'
import { AttachmentAdder, AttachmentList } from './card-attachments'
import { CheckMenu, MemberAvatar } from './card-bits'
import { ChecklistBlock } from './card-checklist'

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

function CardEditor({ card, board, onMove, onClose, onRemoved }: { card: Card; board: Board; onMove: (cardId: string, listId: string) => void; onClose: () => void; onRemoved: () => void }) {
  const replace = useSetAtom(replaceCardAtom)
  const user = useAtomValue(userAtom)
  const { confirm } = useDialog()
  const [name, setName] = useState(card.name)
  const [description, setDescription] = useState(card.description)
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
            <CheckMenu
              label="Labels"
              icon={<LabelIcon />}
              testId="card-labels-button"
              items={board.labels}
              chosen={card.idLabels}
              onChange={(idLabels) => void save({ idLabels })}
              itemTestId={(id) => `card-label-${id}`}
              marker={(l) => <Box boxSize="3" borderRadius="full" bg={labelColor(l.class)} />}
            />
            <CheckMenu
              label="Members"
              icon={<UsersIcon />}
              testId="card-members-button"
              items={board.members}
              chosen={card.idMembers}
              onChange={(idMembers) => void save({ idMembers })}
              itemTestId={(id) => `card-member-${id}`}
              marker={(m) => <MemberAvatar name={m.name} src={m.avatar} size="2xs" />}
              emptyTitle="This board has no members"
            />
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

          {card.attachments.length > 0 && <AttachmentList card={card} onSave={(changes) => void save(changes)} />}

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

          <CardActivity card={card} board={board} me={me} onSave={(changes) => void save(changes)} />
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
