import { Avatar, Box, chakra, Flex, HStack, Input, NativeSelect, Text } from '@chakra-ui/react'
import { useAtomValue, useSetAtom } from 'jotai'
import { useState } from 'react'

import { chatAtom, firstName, PRESENCE, PRESENCE_STATUSES, updateMyChatDataAtom, type ChatContact, type PresenceStatus } from '@/lib/chat'

/** A presence dot in the spec's colours (online green, do-not-disturb red, away amber, offline grey). */
export function PresenceDot({ status, size = '3', testId }: { status: PresenceStatus; size?: string; testId?: string }) {
  return (
    <Box
      as="span"
      display="inline-block"
      flexShrink={0}
      boxSize={size}
      borderRadius="full"
      bg={PRESENCE[status].color}
      borderWidth="2px"
      borderColor="bg.panel"
      title={PRESENCE[status].label}
      data-testid={testId}
      data-status={status}
    />
  )
}

/** An avatar (photo or initials) with the presence dot at its corner. */
export function PresenceAvatar({
  name,
  avatar,
  status,
  size = 'md',
}: {
  name: string
  avatar: string | null
  status: PresenceStatus
  size?: 'xs' | 'sm' | 'md'
}) {
  return (
    <Box position="relative" flexShrink={0}>
      {/* Decorative: the button around it carries the person's name. */}
      <Avatar.Root size={size} colorPalette="brand" aria-hidden>
        <Avatar.Fallback name={name} />
        {avatar && <Avatar.Image src={avatar} alt="" />}
      </Avatar.Root>
      <Box position="absolute" bottom="-1px" insetInlineEnd="-1px" lineHeight="0">
        <PresenceDot status={status} size={size === 'md' ? '3.5' : '3'} />
      </Box>
    </Box>
  )
}

/** A contact in the 70 px strip: avatar, presence, unread badge. */
export function ContactButton({ contact, selected, onSelect }: { contact: ChatContact; selected: boolean; onSelect: () => void }) {
  const label = `${contact.name}, ${PRESENCE[contact.status].label}${contact.mood ? `: ${contact.mood}` : ''}${contact.unread ? `, ${contact.unread} unread` : ''}`
  return (
    <chakra.button
      type="button"
      position="relative"
      display="flex"
      alignItems="center"
      justifyContent="center"
      w="full"
      py="2"
      onClick={onSelect}
      aria-pressed={selected}
      title={label}
      bg={selected ? 'brand.muted' : 'transparent'}
      _hover={{ bg: selected ? 'brand.muted' : 'bg.muted' }}
      _before={
        selected
          ? { content: '""', position: 'absolute', insetInlineStart: '0', top: '2', bottom: '2', w: '3px', borderRadius: 'full', bg: 'brand.solid' }
          : undefined
      }
      data-testid={`chat-contact-${contact.id}`}
      data-status={contact.status}
      data-selected={selected || undefined}
      flexDirection="column"
      gap="0.5"
    >
      <PresenceAvatar name={contact.name} avatar={contact.avatar} status={contact.status} />
      <Text as="span" fontSize="2xs" lineHeight="1.2" color={selected ? 'fg' : 'fg.muted'} maxW="62px" truncate aria-hidden data-testid={`chat-contact-${contact.id}-name`}>
        {firstName(contact.name)}
      </Text>
      {/* The button's name: the person, their presence and unread count (the initials are decorative). */}
      <chakra.span srOnly>{label}</chakra.span>
      {contact.unread > 0 && (
        <Box
          position="absolute"
          top="1"
          insetInlineEnd="2.5"
          minW="5"
          h="5"
          px="1"
          borderRadius="full"
          bg="red.solid"
          color="white"
          fontSize="2xs"
          fontWeight="bold"
          display="flex"
          alignItems="center"
          justifyContent="center"
          aria-hidden
          data-testid={`chat-unread-${contact.id}`}
        >
          {contact.unread > 99 ? '99+' : contact.unread}
        </Box>
      )}
    </chakra.button>
  )
}

/** A contact in the pane's list: photo, full name, status or mood, unread count. */
export function ContactRow({ contact, onSelect }: { contact: ChatContact; onSelect: () => void }) {
  const status = PRESENCE[contact.status].label
  return (
    <chakra.button
      type="button"
      display="flex"
      alignItems="center"
      gap="3"
      w="full"
      px="4"
      py="2"
      textAlign="start"
      onClick={onSelect}
      _hover={{ bg: 'bg.muted' }}
      _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '-2px' }}
      data-testid={`chat-row-${contact.id}`}
    >
      <PresenceAvatar name={contact.name} avatar={contact.avatar} status={contact.status} size="sm" />
      <Box flex="1" minW="0">
        <Text fontSize="sm" fontWeight={contact.unread ? 'semibold' : 'medium'} truncate>
          {contact.name}
        </Text>
        <Text fontSize="xs" color="fg.muted" truncate>
          {contact.mood || [contact.role ? contact.role[0].toUpperCase() + contact.role.slice(1) : null, status].filter(Boolean).join(' · ')}
        </Text>
      </Box>
      {contact.unread > 0 && (
        <Box as="span" minW="5" h="5" px="1.5" borderRadius="full" bg="red.solid" color="white" fontSize="2xs" fontWeight="bold" display="flex" alignItems="center" justifyContent="center" flexShrink={0}>
          {contact.unread > 99 ? '99+' : contact.unread}
          <chakra.span srOnly> unread</chakra.span>
        </Box>
      )}
    </chakra.button>
  )
}

/** The legend: online, do-not-disturb, away, offline. */
export function PresenceLegend() {
  return (
    <Flex gap="3" wrap="wrap" justify="center" data-testid="chat-status-legend">
      {PRESENCE_STATUSES.map((s) => (
        <HStack key={s} gap="1.5">
          <PresenceDot status={s} size="2.5" />
          <Text fontSize="xs" color="fg.muted">
            {PRESENCE[s].label}
          </Text>
        </HStack>
      ))}
    </Flex>
  )
}

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
