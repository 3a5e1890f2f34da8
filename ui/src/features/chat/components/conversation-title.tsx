/** Who the open conversation is with, at the top of the conversation: photo with presence, name, status or mood. */
import { Box, Text } from '@chakra-ui/react'

import { PRESENCE, type ChatContact } from '../types'
import { TEST_PREFIX, type ChatLook } from './look'
import { PresenceAvatar } from './presence'

/** The panel says the status and the mood; the app the mood, else the status. */
function statusLine(contact: ChatContact, look: ChatLook): string {
  const label = PRESENCE[contact.status].label
  if (look === 'app') return contact.mood || label
  return contact.mood ? `${label} · ${contact.mood}` : label
}

export function ConversationTitle({ contact, look }: { contact: ChatContact | undefined; look: ChatLook }) {
  const prefix = TEST_PREFIX[look]
  return (
    <>
      {contact && <PresenceAvatar name={contact.name} avatar={contact.avatar} status={contact.status} size={look === 'panel' ? 'sm' : 'md'} look={look} />}
      <Box flex={look === 'app' ? '1' : undefined} minW="0">
        <Text fontWeight="semibold" truncate data-testid={`${prefix}-contact-name`}>
          {contact?.name ?? ''}
        </Text>
        <Text fontSize="xs" color="fg.muted" truncate data-testid={`${prefix}-contact-status`} data-status={contact?.status}>
          {contact ? statusLine(contact, look) : ''}
        </Text>
      </Box>
    </>
  )
}
