/** People in the chat's lists: the panel's strip button and directory row, the chat app's chat-list row. */
import { Badge, Box, chakra, Flex, Text } from '@chakra-ui/react'

import { firstName } from '../selectors'
import { PRESENCE, type ChatContact } from '../types'
import { PresenceAvatar } from './presence'

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

/** A person's row in a list (the panel's directory, the app's chats and contacts). */
const ROW = { type: 'button', display: 'flex', alignItems: 'center', gap: '3', w: 'full', px: '4', textAlign: 'start' } as const

/** A contact in the pane's list: photo, full name, status or mood, unread count. */
export function ContactRow({ contact, onSelect }: { contact: ChatContact; onSelect: () => void }) {
  const status = PRESENCE[contact.status].label
  return (
    <chakra.button
      {...ROW}
      py="2"
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

/** A contact in the chat app's list: photo, name, the last message's time, mood or status, unread count. */
export function ChatListRow({ contact, time, selected, onSelect }: { contact: ChatContact; time: string; selected: boolean; onSelect: () => void }) {
  return (
    <chakra.button
      {...ROW}
      py="2.5"
      bg={selected ? 'brand.muted' : 'transparent'}
      _hover={{ bg: selected ? 'brand.muted' : 'bg.muted' }}
      onClick={onSelect}
      aria-pressed={selected}
      data-testid={`chatapp-contact-${contact.id}`}
      data-unread={contact.unread}
    >
      <PresenceAvatar name={contact.name} avatar={contact.avatar} status={contact.status} look="app" />
      <Box flex="1" minW="0">
        <Flex align="baseline" gap="2">
          <Text flex="1" fontSize="sm" fontWeight={contact.unread ? 'bold' : 'medium'} truncate>
            {contact.name}
          </Text>
          {time && (
            <Text fontSize="2xs" color={contact.unread ? 'brand.fg' : 'fg.subtle'} flexShrink={0}>
              {time}
            </Text>
          )}
        </Flex>
        <Flex align="center" gap="2">
          <Text flex="1" fontSize="xs" color="fg.muted" truncate>
            {contact.mood || PRESENCE[contact.status].label}
          </Text>
          {contact.unread > 0 && (
            <Badge size="xs" colorPalette="brand" variant="solid" borderRadius="full" data-testid={`chatapp-contact-${contact.id}-unread`}>
              {contact.unread}
            </Badge>
          )}
        </Flex>
      </Box>
    </chakra.button>
  )
}
