/** Presence as both layouts show it: the coloured dot, an avatar wearing it, and the legend. */
import { Avatar, Box, Flex, HStack, Text, type BoxProps } from '@chakra-ui/react'

import { PRESENCE, PRESENCE_STATUSES, type PresenceStatus } from '../types'
import type { ChatLook } from './look'

/** A presence dot in the spec's colours (online green, do-not-disturb red, away amber, offline grey). */
export function PresenceDot({ status, size = '3', testId, ...rest }: { status: PresenceStatus; size?: string; testId?: string } & BoxProps) {
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
      {...rest}
    />
  )
}

type AvatarSize = 'xs' | 'sm' | 'md' | 'lg' | '2xl'
/** The chat app's larger avatars carry larger dots. */
const APP_DOT: Record<AvatarSize, string> = { xs: '3', sm: '3', md: '3', lg: '4', '2xl': '5' }

/**
 * An avatar (photo or initials) with the presence dot at its corner. In the panel it is
 * decorative (the button around it carries the person's name) and its dot overhangs the corner.
 */
export function PresenceAvatar({
  name,
  avatar,
  status,
  size = 'md',
  look = 'panel',
}: {
  name: string
  avatar: string | null
  status: PresenceStatus
  size?: AvatarSize
  look?: ChatLook
}) {
  const panel = look === 'panel'
  return (
    <Box position="relative" flexShrink={0}>
      <Avatar.Root size={size} colorPalette="brand" aria-hidden={panel || undefined}>
        <Avatar.Fallback name={name} />
        {avatar && <Avatar.Image src={avatar} alt="" />}
      </Avatar.Root>
      {panel ? (
        <Box position="absolute" bottom="-1px" insetInlineEnd="-1px" lineHeight="0">
          <PresenceDot status={status} size={size === 'md' ? '3.5' : '3'} />
        </Box>
      ) : (
        <PresenceDot status={status} size={APP_DOT[size]} position="absolute" bottom="0" insetInlineEnd="0" />
      )}
    </Box>
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
