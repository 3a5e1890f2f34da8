/** The Team Chat panel's lists: the 70 px contact strip and the directory of people. */
import { Box, Flex, IconButton, Input, InputGroup, Spinner, Text } from '@chakra-ui/react'
import { useAtomValue } from 'jotai'
import { useMemo, useState, type RefObject } from 'react'

import { ChatIcon, SearchIcon } from '@/components/icons'

import { chatAtom, chatSectionsAtom } from '../atoms'
import { searchContacts } from '../selectors'
import { ContactButton, ContactRow } from './people'
import { PresenceLegend } from './presence'

/** The contact strip: contacts with chats first, a divider, then the other contacts. */
export function ContactStrip({ listRef, open, onToggle, onSelect }: { listRef: RefObject<HTMLDivElement | null>; open: boolean; onToggle: () => void; onSelect: (id: number) => void }) {
  const state = useAtomValue(chatAtom)
  const { chats, others } = useAtomValue(chatSectionsAtom)
  const selected = state.selectedContactId
  return (
    <>
      <IconButton
        aria-label={open ? 'Close Team Chat' : 'Open Team Chat'}
        aria-expanded={open}
        variant={open ? 'subtle' : 'ghost'}
        colorPalette="brand"
        onClick={onToggle}
        flexShrink={0}
        data-testid="chat-strip-toggle"
      >
        <ChatIcon />
      </IconButton>
      <Box w="8" borderTopWidth="1px" borderColor="border.muted" flexShrink={0} />
      <Box ref={listRef} flex="1" w="full" overflowY="auto" overflowX="hidden" aria-label="Contacts" data-testid="chat-contacts" css={{ scrollbarWidth: 'none' }}>
        {state.status === 'loading' && state.contacts.length === 0 && (
          <Flex justify="center" py="4">
            <Spinner size="sm" color="fg.subtle" />
          </Flex>
        )}
        {chats.map((c) => (
          <ContactButton key={c.id} contact={c} selected={c.id === selected} onSelect={() => onSelect(c.id)} />
        ))}
        {chats.length > 0 && others.length > 0 && <Box mx="4" my="2" borderTopWidth="1px" borderColor="border.emphasized" role="separator" data-testid="chat-divider" />}
        {others.map((c) => (
          <ContactButton key={c.id} contact={c} selected={c.id === selected} onSelect={() => onSelect(c.id)} />
        ))}
      </Box>
    </>
  )
}

function ListHeading({ children }: { children: string }) {
  return (
    <Text px="4" pt="3" pb="1" fontSize="xs" fontWeight="semibold" letterSpacing="wider" textTransform="uppercase" color="fg.subtle">
      {children}
    </Text>
  )
}

/** The pane's list of people: search by name, recent conversations first (newest first), then everyone. */
export function ContactDirectory({ onSelect }: { onSelect: (id: number) => void }) {
  const sections = useAtomValue(chatSectionsAtom)
  const [query, setQuery] = useState('')
  const { chats, others } = useMemo(() => searchContacts(sections, query), [sections, query])
  return (
    <Flex direction="column" flex="1" minH="0">
      <Box px="3" pt="3" flexShrink={0}>
        <InputGroup startElement={<SearchIcon boxSize="4" color="fg.subtle" />}>
          <Input
            size="sm"
            type="search"
            placeholder="Search people by name"
            aria-label="Search people by name"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            data-testid="chat-search"
          />
        </InputGroup>
        <Text fontSize="xs" color="fg.muted" mt="2" data-testid="chat-panel-empty">
          Select a contact to start a conversation.
        </Text>
      </Box>
      <Box flex="1" minH="0" overflowY="auto" data-testid="chat-directory">
        {chats.length > 0 && <ListHeading>Recent conversations</ListHeading>}
        {chats.map((c) => (
          <ContactRow key={c.id} contact={c} onSelect={() => onSelect(c.id)} />
        ))}
        {others.length > 0 && <ListHeading>{chats.length > 0 ? 'Everyone else' : 'Everyone'}</ListHeading>}
        {others.map((c) => (
          <ContactRow key={c.id} contact={c} onSelect={() => onSelect(c.id)} />
        ))}
        {query.trim() && chats.length + others.length === 0 && (
          <Text px="4" py="6" fontSize="sm" color="fg.muted" textAlign="center" data-testid="chat-search-empty">
            Nobody’s name matches “{query.trim()}”.
          </Text>
        )}
      </Box>
      <Box py="3" borderTopWidth="1px" borderColor="border.muted" flexShrink={0}>
        <PresenceLegend />
      </Box>
    </Flex>
  )
}
