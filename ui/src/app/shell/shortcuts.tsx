import { Box, chakra, Flex, IconButton, Input, Popover, Portal, Text } from '@chakra-ui/react'
import { useAtom } from 'jotai'
import { useMemo, useState } from 'react'
import { Link as RouterLink } from 'react-router-dom'

import { StarFilledIcon, StarIcon } from '@/components/icons'
import { errorMessage } from '@/data/client'
import { userAtom } from '@/lib/auth'
import { flattenNavigation, resolveShortcuts, searchNavigation, toggleShortcut, type NavItem } from '@/lib/navigation'
import { queueMeSave } from '@/data/pending-saves'
import { showMessage } from '@/lib/snackbar'

import { NavIcon } from './nav-icons'
import { SaveStatusNote } from './save-status'
import { SEARCH_PLACEHOLDER } from './search-utils'

/** Toolbar shortcuts: the user's pages as icons, and a star menu to add or remove them (saved with PATCH /me). */
export function Shortcuts({ items }: { items: NavItem[] }) {
  const [user, setUser] = useAtom(userAtom)
  const [query, setQuery] = useState('')
  const saved = useMemo(() => user.data?.shortcuts ?? [], [user.data?.shortcuts])
  const shortcuts = resolveShortcuts(items, saved)
  const pages = query.trim() ? searchNavigation(items, query, 50) : flattenNavigation(items)

  const toggle = (id: string) => {
    if (!user.data) return
    const before = saved
    const next = toggleShortcut(before, id)
    setUser({ ...user, data: { ...user.data, shortcuts: next } })
    queueMeSave(user.data.id, { shortcuts: next }).catch((error: unknown) => {
      setUser((u) => (u.data ? { ...u, data: { ...u.data, shortcuts: before } } : u))
      showMessage(`Your shortcuts could not be saved: ${errorMessage(error)}`, 'error')
    })
  }

  return (
    <Flex align="center" gap="0.5" data-testid="shortcuts">
      {shortcuts.map((item) => (
        <IconButton key={item.id} asChild variant="ghost" size="sm" aria-label={item.title} title={item.title} hideBelow="md">
          {item.external ? (
            <a href={item.url} target={item.target ?? '_blank'} rel="noopener noreferrer" data-testid={`shortcut-${item.id}`}>
              <NavIcon name={item.icon} />
            </a>
          ) : (
            <RouterLink to={item.url ?? '#'} data-testid={`shortcut-${item.id}`}>
              <NavIcon name={item.icon} />
            </RouterLink>
          )}
        </IconButton>
      ))}
      <Popover.Root positioning={{ placement: 'bottom-start' }} onOpenChange={(d) => !d.open && setQuery('')}>
        <Popover.Trigger asChild>
          <IconButton aria-label="Shortcuts" title="Shortcuts" variant="ghost" size="sm" color="yellow.400" data-testid="shortcuts-menu">
            <StarIcon />
          </IconButton>
        </Popover.Trigger>
        <Portal>
          <Popover.Positioner>
            <Popover.Content w="72" data-testid="shortcuts-panel">
              <Popover.Body p="2">
                <Input
                  size="sm"
                  placeholder={SEARCH_PLACEHOLDER}
                  aria-label={SEARCH_PLACEHOLDER}
                  value={query}
                  onChange={(e) => setQuery(e.target.value)}
                  mb="2"
                  data-testid="shortcuts-filter"
                />
                {pages.length === 0 && (
                  <Text px="2" py="2" fontSize="sm" color="fg.muted">
                    No results..
                  </Text>
                )}
                <Box maxH="72" overflowY="auto">
                  {pages.map((item) => {
                    const on = saved.includes(item.id)
                    return (
                      <Flex key={item.id} align="center" gap="2" px="2" py="1" borderRadius="md" _hover={{ bg: 'bg.muted' }}>
                        <NavIcon name={item.icon} boxSize="4" color="fg.muted" />
                        <Text flex="1" fontSize="sm">
                          {item.title}
                        </Text>
                        <IconButton
                          aria-label={on ? `Remove ${item.title} from shortcuts` : `Add ${item.title} to shortcuts`}
                          aria-pressed={on}
                          variant="ghost"
                          size="xs"
                          color={on ? 'yellow.400' : 'fg.subtle'}
                          onClick={() => toggle(item.id)}
                          data-testid={`shortcut-star-${item.id}`}
                        >
                          {on ? <StarFilledIcon /> : <StarIcon />}
                        </IconButton>
                      </Flex>
                    )
                  })}
                </Box>
                {shortcuts.length === 0 && (
                  <chakra.p px="2" pt="2" fontSize="xs" color="fg.subtle">
                    Star a page to keep it in the toolbar.
                  </chakra.p>
                )}
              </Popover.Body>
            </Popover.Content>
          </Popover.Positioner>
        </Portal>
      </Popover.Root>
      <SaveStatusNote />
    </Flex>
  )
}
