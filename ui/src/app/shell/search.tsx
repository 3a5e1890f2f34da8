import { Box, chakra, IconButton, Input, InputGroup, Text } from '@chakra-ui/react'
import { useId, useMemo, useRef, useState } from 'react'
import { useNavigate } from 'react-router-dom'

import { CloseIcon, SearchIcon } from '@/components/icons'
import { searchNavigation, type NavItem } from '@/lib/navigation'

import { NavIcon } from './nav-icons'
import { hitHref, useRecordSearch, type RecordHit } from './record-search'
import { RecordGroups } from './record-search-groups'
import { SEARCH_PLACEHOLDER, useOpenPage } from './search-utils'

/**
 * Toolbar search (spec section 2): suggests the navigation pages the role may open (the items
 * passed in are already filtered by role), at most 10, 'No results..' when none. Below them, the
 * records the words find (GET /search: assets, opportunities, documents, at most 10 of each).
 * Arrows move through pages and records alike, Enter opens, Esc closes.
 */
export function NavSearch({ items }: { items: NavItem[] }) {
  const [query, setQuery] = useState('')
  const [focused, setFocused] = useState(false)
  const [active, setActive] = useState(0)
  const [expanded, setExpanded] = useState(false) // small screens: the field opens over the toolbar
  const inputRef = useRef<HTMLInputElement>(null)
  const listId = useId()
  const openPage = useOpenPage()
  const navigate = useNavigate()
  const results = useMemo(() => searchNavigation(items, query), [items, query])
  const records = useRecordSearch(query)
  const hits = useMemo(() => records.groups.flatMap((g) => g.items), [records.groups])
  const total = results.length + hits.length
  const showList = focused && query.trim() !== ''

  const close = () => {
    setQuery('')
    setExpanded(false)
    inputRef.current?.blur()
  }
  const choose = (item: NavItem) => {
    openPage(item)
    close()
  }
  const open = (hit: RecordHit) => {
    navigate(hitHref(hit, query))
    close()
  }

  return (
    <>
      <IconButton
        aria-label="Search"
        variant="ghost"
        size="sm"
        hideFrom="md"
        onClick={() => {
          setExpanded(true)
          setTimeout(() => inputRef.current?.focus(), 0)
        }}
        data-testid="search-open"
      >
        <SearchIcon />
      </IconButton>
      <Box
        position={{ base: 'absolute', md: 'relative' }}
        inset={{ base: '0', md: 'auto' }}
        zIndex={{ base: 'dropdown', md: 'auto' }}
        bg={{ base: 'bg.panel', md: 'transparent' }}
        display={{ base: expanded ? 'flex' : 'none', md: 'block' }}
        alignItems="center"
        px={{ base: '3', md: '0' }}
        w={{ base: 'auto', md: '64', xl: '72' }}
      >
        <Box position="relative" flex="1">
          <InputGroup startElement={<SearchIcon boxSize="4" color="fg.subtle" />}>
            <Input
              ref={inputRef}
              size="sm"
              borderRadius="full"
              bg="bg.subtle"
              placeholder={SEARCH_PLACEHOLDER}
              aria-label={SEARCH_PLACEHOLDER}
              role="combobox"
              aria-expanded={showList}
              aria-controls={listId}
              aria-autocomplete="list"
              value={query}
              onChange={(e) => {
                setQuery(e.target.value)
                setActive(0)
              }}
              onFocus={() => setFocused(true)}
              onBlur={() => {
                setFocused(false)
                if (!query) setExpanded(false)
              }}
              onKeyDown={(e) => {
                if (e.key === 'ArrowDown') {
                  e.preventDefault()
                  setActive((i) => Math.min(i + 1, total - 1))
                } else if (e.key === 'ArrowUp') {
                  e.preventDefault()
                  setActive((i) => Math.max(i - 1, 0))
                } else if (e.key === 'Enter' && active < results.length && results[active]) {
                  e.preventDefault()
                  choose(results[active])
                } else if (e.key === 'Enter' && hits[active - results.length]) {
                  e.preventDefault()
                  open(hits[active - results.length])
                } else if (e.key === 'Escape') {
                  setQuery('')
                  setExpanded(false)
                  inputRef.current?.blur()
                }
              }}
              data-testid="search-input"
            />
          </InputGroup>
          {showList && (
            <Box
              id={listId}
              role="listbox"
              aria-label="Pages"
              position="absolute"
              top="calc(100% + 6px)"
              insetInline="0"
              minW="64"
              bg="bg.panel"
              borderWidth="1px"
              borderColor="border"
              borderRadius="lg"
              boxShadow="lg"
              py="1"
              zIndex="popover"
              maxH="70vh"
              overflowY="auto"
              data-testid="search-results"
            >
              {results.length === 0 ? (
                <Text px="4" py="3" fontSize="sm" color="fg.muted" data-testid="search-no-results">
                  No results..
                </Text>
              ) : (
                results.map((item, index) => (
                  <chakra.button
                    key={item.id}
                    type="button"
                    role="option"
                    aria-selected={index === active}
                    display="flex"
                    alignItems="center"
                    gap="3"
                    w="full"
                    px="4"
                    py="2"
                    fontSize="sm"
                    textAlign="start"
                    bg={index === active ? 'bg.muted' : undefined}
                    _hover={{ bg: 'bg.muted' }}
                    onMouseDown={(e) => e.preventDefault()}
                    onMouseEnter={() => setActive(index)}
                    onClick={() => choose(item)}
                    data-testid={`search-result-${item.id}`}
                  >
                    <NavIcon name={item.icon} boxSize="4" color="fg.muted" />
                    {item.title}
                  </chakra.button>
                ))
              )}
              <RecordGroups groups={records.groups} q={query} offset={results.length} active={active} onHover={setActive} onOpen={open} />
              {records.loading && (
                <Text px="4" py="2" fontSize="xs" color="fg.subtle" data-testid="search-records-loading">
                  Searching records…
                </Text>
              )}
            </Box>
          )}
        </Box>
        {expanded && (
          <IconButton aria-label="Close search" variant="ghost" size="sm" ms="2" hideFrom="md" onClick={() => setExpanded(false)}>
            <CloseIcon />
          </IconButton>
        )}
      </Box>
    </>
  )
}
