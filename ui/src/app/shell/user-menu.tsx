import { Avatar, Box, Button, Menu, Portal, Text } from '@chakra-ui/react'
import { useAtomValue } from 'jotai'
import { Link as RouterLink } from 'react-router-dom'

import { ChevronDownIcon, LogoutIcon, UserIcon } from '@/components/icons'
import { ROLE_LABELS, userAtom } from '@/lib/auth'

/** Toolbar user menu: name, role, Logout and Sign out everywhere (every device of this user). */
export function UserMenu() {
  const user = useAtomValue(userAtom)
  const name = user.data?.displayName || user.data?.username || 'Signed in'
  const role = user.role[0]
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <Button variant="ghost" size="sm" px="1.5" gap="2" data-testid="user-menu">
          <Avatar.Root size="xs" colorPalette="brand">
            <Avatar.Fallback name={name} />
            {user.data?.photoURL && <Avatar.Image src={user.data.photoURL} alt="" />}
          </Avatar.Root>
          <Box textAlign="start" lineHeight="1.15" hideBelow="md">
            <Text fontSize="sm" fontWeight="semibold" data-testid="user-menu-name">
              {name}
            </Text>
            <Text fontSize="xs" color="fg.muted" data-testid="user-menu-role">
              {role ? ROLE_LABELS[role] : ''}
            </Text>
          </Box>
          <ChevronDownIcon boxSize="3.5" color="fg.subtle" hideBelow="md" />
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="56" data-testid="user-menu-content">
            <Box px="3" py="2">
              <Text fontWeight="semibold">{name}</Text>
              {user.data?.email && (
                <Text fontSize="xs" color="fg.muted">
                  {user.data.email}
                </Text>
              )}
              <Text fontSize="xs" color="fg.muted" mt="0.5">
                {role ? ROLE_LABELS[role] : ''}
              </Text>
            </Box>
            <Menu.Separator />
            <Menu.Item value="account" asChild>
              <RouterLink to="/profile/account" data-testid="user-menu-account">
                <UserIcon /> Your account
              </RouterLink>
            </Menu.Item>
            <Menu.Item value="logout" asChild>
              <RouterLink to="/logout" data-testid="user-menu-logout">
                <LogoutIcon /> Logout
              </RouterLink>
            </Menu.Item>
            <Menu.Item value="logout-everywhere" asChild>
              <RouterLink to="/logout?everywhere=1" data-testid="user-menu-logout-everywhere">
                <LogoutIcon /> Sign out everywhere
              </RouterLink>
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  )
}
