import { Box, Button, chakra, Flex, IconButton, Popover, Portal, Spinner, Text } from '@chakra-ui/react'
import { useAtomValue, useSetAtom } from 'jotai'
import { useState } from 'react'

import { BellIcon, CheckAllIcon, CloseIcon } from '@/components/icons'
import { formatRelative } from '@/lib/format'
import {
  dismissNotificationAtom,
  loadNotificationsAtom,
  markNotificationReadAtom,
  notificationsAtom,
  openNotificationLink,
  type AppNotification,
} from '@/data/notifications'

const VARIANT_COLORS: Record<AppNotification['variant'], string> = {
  success: 'green.solid',
  warning: 'orange.solid',
  error: 'red.solid',
  info: 'blue.solid',
}

function Item({ item, onOpen }: { item: AppNotification; onOpen: () => void }) {
  const markRead = useSetAtom(markNotificationReadAtom)
  const dismiss = useSetAtom(dismissNotificationAtom)
  const open = () => {
    void markRead({ id: item.id })
    if (item.link) {
      openNotificationLink(item.link)
      onOpen()
    }
  }
  return (
    <Flex
      as="li"
      gap="2"
      px="3"
      py="2.5"
      borderBottomWidth="1px"
      borderColor="border.muted"
      bg={item.read ? 'transparent' : 'brand.subtle'}
      _hover={{ bg: 'bg.muted' }}
      data-testid={`notification-${item.id}`}
      data-read={item.read}
    >
      <Box boxSize="2" mt="1.5" borderRadius="full" flexShrink={0} bg={item.read ? 'transparent' : VARIANT_COLORS[item.variant]} />
      <chakra.button type="button" flex="1" minW="0" textAlign="start" onClick={open} data-testid={`notification-open-${item.id}`}>
        <Text fontSize="sm" fontWeight={item.read ? 'normal' : 'semibold'} lineClamp={2}>
          {item.title}
        </Text>
        {item.message && (
          <Text fontSize="xs" color="fg.muted" lineClamp={3}>
            {item.message}
          </Text>
        )}
        <Text fontSize="2xs" color="fg.subtle" mt="0.5">
          {formatRelative(item.createdAt)}
        </Text>
      </chakra.button>
      <IconButton aria-label="Dismiss" title="Dismiss" variant="ghost" size="2xs" flexShrink={0} onClick={() => void dismiss(item.id)} data-testid={`notification-dismiss-${item.id}`}>
        <CloseIcon />
      </IconButton>
    </Flex>
  )
}

/** Toolbar bell: the stored notifications (newest first), the unread badge, mark all read. */
export function NotificationsMenu() {
  const state = useAtomValue(notificationsAtom)
  const markRead = useSetAtom(markNotificationReadAtom)
  const reload = useSetAtom(loadNotificationsAtom)
  const [open, setOpen] = useState(false)
  const label = state.unread ? `Notifications, ${state.unread} unread` : 'Notifications'
  return (
    <Popover.Root open={open} onOpenChange={(d) => setOpen(d.open)} positioning={{ placement: 'bottom-end' }}>
      <Popover.Trigger asChild>
        <IconButton aria-label={label} title={label} variant="ghost" size="sm" position="relative" data-testid="notifications-toggle">
          <BellIcon />
          {state.unread > 0 && (
            <Box
              as="span"
              position="absolute"
              top="0.5"
              insetInlineEnd="0.5"
              minW="4"
              h="4"
              px="1"
              borderRadius="full"
              bg="red.solid"
              color="white"
              fontSize="2xs"
              fontWeight="bold"
              display="flex"
              alignItems="center"
              justifyContent="center"
              data-testid="notifications-badge"
            >
              {state.unread > 99 ? '99+' : state.unread}
            </Box>
          )}
        </IconButton>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content w="sm" maxW="calc(100vw - 16px)" data-testid="notifications-panel">
            <Flex align="center" justify="space-between" px="3" py="2" borderBottomWidth="1px" borderColor="border.muted">
              <Text fontWeight="semibold">Notifications</Text>
              <Button
                size="xs"
                variant="ghost"
                disabled={state.unread === 0}
                onClick={() => void markRead({ all: true })}
                data-testid="notifications-read-all"
              >
                <CheckAllIcon /> Mark all read
              </Button>
            </Flex>
            <Box maxH="min(420px, 70vh)" overflowY="auto">
              {state.status === 'loading' && state.items.length === 0 ? (
                <Flex justify="center" py="6">
                  <Spinner size="sm" />
                </Flex>
              ) : state.status === 'error' && state.items.length === 0 ? (
                <Box px="3" py="4" textAlign="center">
                  <Text fontSize="sm" color="fg.error" mb="2">
                    {state.error}
                  </Text>
                  <Button size="xs" variant="outline" onClick={() => void reload()}>
                    Try again
                  </Button>
                </Box>
              ) : state.items.length === 0 ? (
                <Text px="3" py="6" fontSize="sm" color="fg.muted" textAlign="center" data-testid="notifications-empty">
                  No notifications.
                </Text>
              ) : (
                <chakra.ul listStyleType="none" m="0" p="0" data-testid="notifications-list">
                  {state.items.map((item) => (
                    <Item key={item.id} item={item} onOpen={() => setOpen(false)} />
                  ))}
                </chakra.ul>
              )}
            </Box>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  )
}
