import { Box, Button, chakra, CloseButton, Drawer, Flex, Heading, HStack, IconButton, Input, Portal, Separator, Spinner, Stack, Text, Textarea } from '@chakra-ui/react'
import { useAtom, useAtomValue, useSetAtom } from 'jotai'
import { useState, type FormEvent } from 'react'

import { EditIcon, PlusIcon, TrashIcon } from '@/components/icons'
import { errorMessage } from '@/data/client'
import {
  loadQuickPanelAtom,
  quickPanelAtom,
  removeQuickPanelItemAtom,
  saveQuickPanelItemAtom,
  type QuickPanelItem,
  type QuickPanelKind,
} from '@/data/quick-panel'
import { settingsAtom } from '@/data/settings'
import { showMessage } from '@/lib/snackbar'

import { quickPanelOpenAtom } from './atoms'
import { Toggle } from '@/components/controls'
import { useUpdateSettings } from './use-settings'

/** Spec section 9. */
export const QUICK_PANEL_WIDTH = 280

const ONE: Record<QuickPanelKind, 'event' | 'note'> = { events: 'event', notes: 'note' }
const LABELS: Record<QuickPanelKind, { title: string; empty: string }> = {
  events: { title: 'Events', empty: 'No events yet.' },
  notes: { title: 'Notes', empty: 'No notes yet.' },
}

function Today() {
  const now = new Date()
  return (
    <Box data-testid="quick-panel-date">
      <Text fontSize="sm" color="fg.muted">
        {now.toLocaleDateString('en', { weekday: 'long' })}
      </Text>
      <Text fontSize="4xl" fontWeight="bold" lineHeight="1.1">
        {now.toLocaleDateString('en', { day: 'numeric' })}
      </Text>
      <Text fontSize="md" color="fg.muted">
        {now.toLocaleDateString('en', { month: 'long', year: 'numeric' })}
      </Text>
    </Box>
  )
}

type Editing = { kind: QuickPanelKind; id: number | null } | null

function ItemForm({ kind, item, onDone }: { kind: QuickPanelKind; item: QuickPanelItem | null; onDone: () => void }) {
  const save = useSetAtom(saveQuickPanelItemAtom)
  const [title, setTitle] = useState(item?.title ?? '')
  const [detail, setDetail] = useState(item?.detail ?? '')
  const [saving, setSaving] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const one = ONE[kind]
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (!title.trim()) {
      setError(`Give the ${one} a title.`)
      return
    }
    setSaving(true)
    setError(null)
    try {
      await save({ kind, id: item?.id, title, detail })
      onDone()
    } catch (err) {
      setError(errorMessage(err))
      setSaving(false)
    }
  }
  return (
    <chakra.form onSubmit={submit} p="2" borderWidth="1px" borderColor="border" borderRadius="md" data-testid={`quick-panel-${one}-form`}>
      <Stack gap="2">
        <Input
          size="sm"
          placeholder="Title"
          aria-label={`${one} title`}
          maxLength={200}
          value={title}
          autoFocus
          onChange={(e) => setTitle(e.target.value)}
          data-testid={`quick-panel-${one}-title-input`}
        />
        <Textarea
          size="sm"
          rows={2}
          placeholder="Detail"
          aria-label={`${one} detail`}
          maxLength={2000}
          value={detail}
          onChange={(e) => setDetail(e.target.value)}
          data-testid={`quick-panel-${one}-detail-input`}
        />
        {error && (
          <Text role="alert" fontSize="xs" color="fg.error" data-testid={`quick-panel-${one}-error`}>
            {error}
          </Text>
        )}
        <HStack justify="flex-end" gap="1">
          <Button size="xs" variant="ghost" onClick={onDone} disabled={saving} data-testid={`quick-panel-${one}-cancel`}>
            Cancel
          </Button>
          <Button size="xs" type="submit" colorPalette="brand" loading={saving} data-testid={`quick-panel-${one}-save`}>
            Save
          </Button>
        </HStack>
      </Stack>
    </chakra.form>
  )
}

function Section({ kind, editing, setEditing }: { kind: QuickPanelKind; editing: Editing; setEditing: (e: Editing) => void }) {
  const state = useAtomValue(quickPanelAtom)
  const remove = useSetAtom(removeQuickPanelItemAtom)
  const [removing, setRemoving] = useState<number | null>(null)
  const items = state[kind]
  const one = ONE[kind]
  const adding = editing?.kind === kind && editing.id === null
  const onRemove = async (id: number) => {
    setRemoving(id)
    try {
      await remove({ kind, id })
    } catch (err) {
      showMessage(errorMessage(err), 'error', { title: `The ${one} was not removed` })
    } finally {
      setRemoving(null)
    }
  }
  return (
    <Box>
      <Flex align="center" justify="space-between" mb="2">
        <Heading as="h3" size="xs" textTransform="uppercase" letterSpacing="wider" color="fg.subtle">
          {LABELS[kind].title}
        </Heading>
        <IconButton aria-label={`Add ${one}`} title={`Add ${one}`} variant="ghost" size="2xs" onClick={() => setEditing({ kind, id: null })} data-testid={`quick-panel-${kind}-add`}>
          <PlusIcon />
        </IconButton>
      </Flex>
      <Stack gap="2" data-testid={`quick-panel-${kind}`}>
        {adding && <ItemForm kind={kind} item={null} onDone={() => setEditing(null)} />}
        {state.status === 'loading' && items.length === 0 && <Spinner size="xs" color="fg.subtle" />}
        {state.status === 'error' && items.length === 0 && (
          <Text fontSize="xs" color="fg.error">
            {state.error}
          </Text>
        )}
        {state.status === 'ready' && items.length === 0 && !adding && (
          <Text fontSize="sm" color="fg.muted" data-testid={`quick-panel-${kind}-empty`}>
            {LABELS[kind].empty}
          </Text>
        )}
        {items.map((item) =>
          editing?.kind === kind && editing.id === item.id ? (
            <ItemForm key={item.id} kind={kind} item={item} onDone={() => setEditing(null)} />
          ) : (
            <Flex key={item.id} gap="1" align="flex-start" data-testid={`quick-panel-${one}-${item.id}`}>
              <Box flex="1" minW="0">
                <Text fontSize="sm" fontWeight="medium" overflowWrap="anywhere" data-testid={`quick-panel-${one}-title-${item.id}`}>
                  {item.title}
                </Text>
                {item.detail && (
                  <Text fontSize="xs" color="fg.muted" whiteSpace="pre-wrap" overflowWrap="anywhere" data-testid={`quick-panel-${one}-detail-${item.id}`}>
                    {item.detail}
                  </Text>
                )}
              </Box>
              <IconButton aria-label={`Edit ${one} ${item.title}`} variant="ghost" size="2xs" onClick={() => setEditing({ kind, id: item.id })} data-testid={`quick-panel-${one}-edit-${item.id}`}>
                <EditIcon />
              </IconButton>
              <IconButton
                aria-label={`Remove ${one} ${item.title}`}
                variant="ghost"
                size="2xs"
                colorPalette="red"
                loading={removing === item.id}
                onClick={() => void onRemove(item.id)}
                data-testid={`quick-panel-${one}-remove-${item.id}`}
              >
                <TrashIcon />
              </IconButton>
            </Flex>
          ),
        )}
      </Stack>
    </Box>
  )
}

/**
 * Quick panel (280 px): today's date, the user's events and notes (add, edit, remove; changes show
 * live on their other devices) and the quick-setting toggles.
 */
export function QuickPanel() {
  const [open, setOpen] = useAtom(quickPanelOpenAtom)
  const settings = useAtomValue(settingsAtom)
  const update = useUpdateSettings()
  const reload = useSetAtom(loadQuickPanelAtom)
  const status = useAtomValue(quickPanelAtom).status
  const [editing, setEditing] = useState<Editing>(null)
  return (
    <Drawer.Root
      open={open}
      onOpenChange={(d) => {
        setOpen(d.open)
        if (!d.open) setEditing(null)
        else if (status === 'error') void reload()
      }}
      placement="end"
    >
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content w={`${QUICK_PANEL_WIDTH}px`} maxW={`${QUICK_PANEL_WIDTH}px`} data-testid="quick-panel">
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close quick panel" data-testid="quick-panel-close" />
            </Drawer.CloseTrigger>
            <Drawer.Body py="6">
              <Stack gap="6">
                <Today />
                <Separator />
                <Section kind="events" editing={editing} setEditing={setEditing} />
                <Section kind="notes" editing={editing} setEditing={setEditing} />
                <Separator />
                <Box>
                  <Heading as="h3" size="xs" textTransform="uppercase" letterSpacing="wider" color="fg.subtle" mb="2">
                    Quick settings
                  </Heading>
                  <Toggle label="Animations" checked={settings.animations} onChange={(animations) => update({ animations })} testId="quick-panel-animations" />
                  <Toggle
                    label="Custom Scrollbars"
                    checked={settings.customScrollbars}
                    onChange={(customScrollbars) => update({ customScrollbars })}
                    testId="quick-panel-scrollbars"
                  />
                </Box>
              </Stack>
            </Drawer.Body>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  )
}
