/** The user's own status and mood: the panel's select and mood field, the chat app's card with a status menu. */
import { Box, chakra, Flex, HStack, Input, Menu, NativeSelect, Portal, Text } from '@chakra-ui/react'
import { useAtomValue, useSetAtom } from 'jotai'
import { useState, type FormEvent } from 'react'

import { chatAtom, updateMyChatDataAtom } from '../atoms'
import { PRESENCE, PRESENCE_STATUSES, type PresenceStatus } from '../types'
import { PresenceAvatar } from './presence'

/** The user's own status (online / away / do-not-disturb / offline) and mood. */
export function MyStatus() {
  const user = useAtomValue(chatAtom).user
  const update = useSetAtom(updateMyChatDataAtom)
  const [draft, setDraft] = useState<string | null>(null)
  if (!user) return null
  const mood = draft ?? user.mood
  const saveMood = () => {
    if (draft !== null && draft.trim() !== user.mood) void update({ mood: draft.trim() })
    setDraft(null)
  }
  return (
    <HStack gap="2" px="3" py="2" borderBottomWidth="1px" borderColor="border.muted" flexShrink={0} data-testid="chat-me" data-status={user.status}>
      <PresenceAvatar name={user.name} avatar={user.avatar} status={user.status} size="sm" />
      <NativeSelect.Root size="xs" w="36" flexShrink={0}>
        <NativeSelect.Field
          aria-label="My status"
          value={user.status}
          onChange={(e) => void update({ status: e.target.value as PresenceStatus })}
          data-testid="chat-status-select"
        >
          {PRESENCE_STATUSES.map((s) => (
            <option key={s} value={s}>
              {PRESENCE[s].label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Input
        size="xs"
        flex="1"
        minW="0"
        placeholder="Mood"
        aria-label="My mood"
        maxLength={200}
        value={mood}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={saveMood}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault()
            saveMood()
          } else if (e.key === 'Escape' && draft !== null) {
            e.stopPropagation()
            setDraft(null)
          }
        }}
        data-testid="chat-mood-input"
      />
    </HStack>
  )
}

/** The user's own card: status menu and mood. */
export function MyCard() {
  const state = useAtomValue(chatAtom)
  const update = useSetAtom(updateMyChatDataAtom)
  const [editing, setEditing] = useState(false)
  const [mood, setMood] = useState('')
  const user = state.user
  if (!user) return <Box h="14" />
  return (
    <Flex gap="3" align="center" data-testid="chatapp-me">
      <Menu.Root>
        <Menu.Trigger asChild>
          <chakra.button aria-label={`Your status: ${PRESENCE[user.status].label}`} data-testid="chatapp-status" data-status={user.status}>
            <PresenceAvatar name={user.name} avatar={user.avatar} status={user.status} size="lg" look="app" />
          </chakra.button>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content>
              <Menu.RadioItemGroup value={user.status} onValueChange={(d) => void update({ status: d.value as PresenceStatus })}>
                <Menu.ItemGroupLabel>Your status</Menu.ItemGroupLabel>
                {PRESENCE_STATUSES.map((s) => (
                  <Menu.RadioItem key={s} value={s} data-testid={`chatapp-status-${s}`}>
                    <Box boxSize="2.5" borderRadius="full" bg={PRESENCE[s].color} />
                    {PRESENCE[s].label}
                    <Menu.ItemIndicator />
                  </Menu.RadioItem>
                ))}
              </Menu.RadioItemGroup>
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
      <Box flex="1" minW="0">
        <Text fontWeight="semibold" truncate>
          {user.name}
        </Text>
        {editing ? (
          <chakra.form
            onSubmit={(e: FormEvent) => {
              e.preventDefault()
              void update({ mood: mood.trim() })
              setEditing(false)
            }}
          >
            <Input
              size="xs"
              autoFocus
              maxLength={120}
              value={mood}
              onChange={(e) => setMood(e.target.value)}
              onBlur={() => {
                if (mood.trim() !== user.mood) void update({ mood: mood.trim() })
                setEditing(false)
              }}
              placeholder="What are you up to?"
              aria-label="Your mood"
              data-testid="chatapp-mood-input"
            />
          </chakra.form>
        ) : (
          <chakra.button
            textAlign="start"
            fontSize="xs"
            color="fg.muted"
            w="full"
            truncate
            _hover={{ color: 'fg' }}
            onClick={() => {
              setMood(user.mood)
              setEditing(true)
            }}
            data-testid="chatapp-mood"
          >
            {user.mood || 'Set a mood…'}
          </chakra.button>
        )}
      </Box>
    </Flex>
  )
}
