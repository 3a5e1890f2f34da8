import { Box, Button, Center, Flex, HStack, IconButton, Input, Skeleton, Stack, Table, Text, useBreakpointValue } from '@chakra-ui/react'
import { useAtom, useSetAtom } from 'jotai'
import { useEffect, useMemo, useState } from 'react'
import { useParams, useSearchParams } from 'react-router-dom'

import { AppSearchBar, SidebarLayout } from '@/components/app-layout'
import { PerPageSelect } from '@/components/per-page-select'
import { SideLink, SideTitle } from '@/components/side-nav'
import { Checkbox } from '@/components/ui/checkbox'
import { LoadingRows, SortHeader } from '@/components/table-rows'
import { errorMessage } from '@/data/client'
import { useDialog } from '@/lib/dialog'
import { showMessage } from '@/lib/snackbar'

import {
  addContact,
  removeContact,
  removeContacts,
  setStarred,
  setUnstarred,
  toggleStarred,
  updateContact,
  type Contact,
  type ContactsUser,
  type NewContact,
} from '../api'
import {
  contactDialogAtom,
  contactsPageAtom,
  contactsSearchAtom,
  contactsSidebarOpenAtom,
  contactsSortAtom,
  selectedContactIdsAtom,
} from '../atoms'
import { FILTER_COLUMNS, filterContacts, filtersFromParams, fullName, pageOf, searchContacts, sortContacts, viewFromParam, VIEWS, type SortKey } from '../contacts-utils'
import { useContacts } from '../hooks'
import { ChevronLeftIcon, ChevronRightIcon, ClockIcon, ContactsIcon, EditIcon, PlusIcon, StarFilledIcon, StarIcon, TrashIcon } from '../icons'

import { ContactAvatar } from './contact-avatar'
import { ContactDialog } from './contact-dialog'

const VIEW_ICONS = { all: ContactsIcon, frequent: ClockIcon, starred: StarIcon }
const plural = (n: number) => `${n} ${n === 1 ? 'contact' : 'contacts'}`

function Sidebar({ user }: { user: ContactsUser | null }) {
  const openDialog = useSetAtom(contactDialogAtom)
  const close = useSetAtom(contactsSidebarOpenAtom)
  const closeNow = () => close(false)
  return (
    <Stack gap="6" p="4" data-testid="contacts-sidebar">
      <SideTitle icon={<ContactsIcon boxSize="5" />}>Contacts</SideTitle>
      {user ? (
        <HStack gap="3" px="2">
          <ContactAvatar name={user.name} src={user.avatar} size="md" />
          <Box minW="0">
            <Text fontWeight="semibold" truncate>
              {user.name}
            </Text>
            <Text fontSize="xs" color="fg.muted">
              {user.starred.length} starred · {user.frequentContacts.length} frequent
            </Text>
          </Box>
        </HStack>
      ) : (
        <Skeleton h="10" mx="2" />
      )}
      <Button
        colorPalette="brand"
        borderRadius="full"
        onClick={() => {
          close(false)
          openDialog({ mode: 'new' })
        }}
        data-testid="contacts-add"
      >
        <PlusIcon /> New contact
      </Button>
      <Stack gap="0.5">
        {VIEWS.map((v) => {
          const Icon = VIEW_ICONS[v.value]
          return (
            <SideLink key={v.value} to={`/apps/contacts/${v.value}`} icon={<Icon boxSize="4.5" />} testId={`contacts-view-${v.value}`} onNavigate={closeNow}>
              {v.title}
            </SideLink>
          )
        })}
      </Stack>
    </Stack>
  )
}

// The actions column stays in view at the table's end edge: when the columns are wider than the
// space between the sidebar and the chat strip, the rest scrolls under it, never the delete button.
// The actions stay in sight at the table's end, and clear of the floating settings button (shell)
// that sits over the content's end edge: the padding keeps the delete icon left of it.
const STICKY_END = { position: 'sticky', insetEnd: 0, bg: 'bg.panel', zIndex: 1, pe: '12' } as const

function ContactsSortHeader({ label, sortKey, hideBelow }: { label: string; sortKey: SortKey; hideBelow?: 'md' | 'lg' | 'xl' | '2xl' }) {
  const [sort, setSort] = useAtom(contactsSortAtom)
  const setPaging = useSetAtom(contactsPageAtom)
  const onSort = () => {
    setSort((s) => ({ key: sortKey, descending: s.key === sortKey ? !s.descending : false }))
    setPaging((p) => ({ ...p, page: 1 }))
  }
  return <SortHeader label={label} active={sort.key === sortKey} descending={sort.descending} onSort={onSort} hideBelow={hideBelow} testId={`contacts-sort-${sortKey}`} />
}

// The filter cells hide with their columns (the search box still finds by every field).
const FILTER_HIDE: Partial<Record<SortKey, 'md' | 'lg' | 'xl' | '2xl'>> = { email: 'md', company: 'xl', jobTitle: '2xl', phone: 'lg' }
const INLINE_FILTERS: { key: SortKey; label: string; until: 'xl' | '2xl' }[] = [
  { key: 'jobTitle', label: 'Job title', until: '2xl' },
  { key: 'company', label: 'Company', until: 'xl' },
]

/** /apps/contacts/:view (all, frequent, starred). */
export default function ContactsPage() {
  const params = useParams()
  const view = viewFromParam(params.view)
  const data = useContacts(view)
  const { confirm } = useDialog()
  const [search, setSearch] = useAtom(contactsSearchAtom)
  const [sort] = useAtom(contactsSortAtom)
  const [paging, setPaging] = useAtom(contactsPageAtom)
  const [selected, setSelected] = useAtom(selectedContactIdsAtom)
  const [sidebarOpen, setSidebarOpen] = useAtom(contactsSidebarOpenAtom)
  const openDialog = useSetAtom(contactDialogAtom)
  const [busy, setBusy] = useState(false)
  const docked = useBreakpointValue({ base: false, lg: true }) ?? false
  // The column filters live in the address (?company=...), so a reload or a shared link keeps them.
  // Typing updates the page's own copy at once; the address follows it (quick edits never read a stale address).
  const [query, setQuery] = useSearchParams()
  const [filters, setFilters] = useState(() => filtersFromParams(query))
  const filterKey = JSON.stringify(filters)
  const filtering = Object.keys(filters).length > 0
  const setFilter = (key: SortKey, value: string) =>
    setFilters((f) => {
      const next = { ...f }
      if (value) next[key] = value
      else delete next[key]
      return next
    })
  useEffect(() => {
    if (JSON.stringify(filtersFromParams(query)) === filterKey) return
    const next = new URLSearchParams(query)
    for (const { key } of FILTER_COLUMNS) next.delete(key)
    for (const [key, value] of Object.entries(JSON.parse(filterKey) as Record<string, string>)) next.set(key, value)
    setQuery(next, { replace: true })
  }, [filterKey, query, setQuery])

  // A new view, search or filter starts on page 1 with nothing selected.
  useEffect(() => {
    setPaging((p) => ({ ...p, page: 1 }))
    setSelected([])
  }, [view, search, filterKey, setPaging, setSelected])

  const filtered = useMemo(
    () => (data.contacts ? sortContacts(filterContacts(searchContacts(data.contacts, search), filters), sort.key, sort.descending) : null),
    [data.contacts, search, filters, sort],
  )
  const page = filtered ? pageOf(filtered, paging.page, paging.perPage) : null
  const starred = new Set(data.user?.starred ?? [])
  const onPage = page?.items ?? []
  const allOnPage = onPage.length > 0 && onPage.every((c) => selected.includes(c.id))
  const someOnPage = onPage.some((c) => selected.includes(c.id))
  const title = VIEWS.find((v) => v.value === view)?.title ?? ''

  async function run<T>(action: () => Promise<T>, done: string, after?: (result: T) => void) {
    setBusy(true)
    try {
      const result = await action()
      after?.(result)
      showMessage(done, 'success')
      return true
    } catch (e) {
      showMessage(errorMessage(e), 'error')
      return false
    } finally {
      setBusy(false)
      data.reload()
    }
  }

  const star = (c: Contact) => void run(() => toggleStarred(c.id), starred.has(c.id) ? `${fullName(c)} unstarred.` : `${fullName(c)} starred.`, data.setUser)

  async function removeOne(c: Contact): Promise<boolean> {
    const ok = await confirm({ title: `Delete ${fullName(c)}?`, body: 'The contact is removed for good.', confirmLabel: 'Delete', tone: 'danger' })
    if (!ok) return false
    return run(() => removeContact(c.id), `${fullName(c)} deleted.`, () => setSelected((ids) => ids.filter((x) => x !== c.id)))
  }

  async function removeSelected() {
    const ids = selected
    const ok = await confirm({ title: `Delete ${plural(ids.length)}?`, body: 'They are removed for good.', confirmLabel: 'Delete', tone: 'danger' })
    if (ok) await run(() => removeContacts(ids), `${plural(ids.length)} deleted.`, () => setSelected([]))
  }

  async function save(c: NewContact | Contact) {
    if ('id' in c) {
      await updateContact(c)
      showMessage(`${fullName(c)} saved.`, 'success')
    } else {
      await addContact(c)
      showMessage(`${fullName(c)} added.`, 'success')
    }
    data.reload()
  }

  const sidebar = <Sidebar user={data.user} />

  return (
    <SidebarLayout
      minH="calc(100dvh - 7rem)"
      data-testid="contacts-page"
      sidebar={sidebar}
      docked={docked}
      open={sidebarOpen}
      onOpenChange={setSidebarOpen}
      stickySidebar
      overlays={<ContactDialog onSave={save} onRemove={removeOne} />}
    >
      <AppSearchBar
        docked={docked}
        onMenu={() => setSidebarOpen(true)}
        menuLabel="Open contact views"
        testIdPrefix="contacts"
        titleTestId="contacts-title"
        title={title}
        titleProps={{ maxW: { base: '32', md: '72' } }}
        search={search}
        onSearch={setSearch}
        placeholder="Search contacts"
        searchMaxW="md"
      />
      <Flex align="center" gap="2" px={{ base: '3', md: '5' }} minH="12" borderBottomWidth="1px" borderColor="border.muted" wrap="wrap">
        {selected.length > 0 ? (
          <>
            <Text fontSize="sm" fontWeight="medium" data-testid="contacts-selected-count">
              {selected.length} selected
            </Text>
            <Button size="xs" variant="ghost" disabled={busy} onClick={() => void run(() => setStarred(selected), `${plural(selected.length)} starred.`, data.setUser)} data-testid="contacts-bulk-star">
              <StarFilledIcon /> Star
            </Button>
            <Button size="xs" variant="ghost" disabled={busy} onClick={() => void run(() => setUnstarred(selected), `${plural(selected.length)} unstarred.`, data.setUser)} data-testid="contacts-bulk-unstar">
              <StarIcon /> Unstar
            </Button>
            <Button size="xs" variant="ghost" colorPalette="red" disabled={busy} onClick={() => void removeSelected()} data-testid="contacts-bulk-delete">
              <TrashIcon /> Delete
            </Button>
            <Button size="xs" variant="plain" onClick={() => setSelected([])}>
              Clear
            </Button>
          </>
        ) : (
          <Text fontSize="sm" color="fg.muted" data-testid="contacts-count">
            {filtered ? plural(filtered.length) : ''}
          </Text>
        )}
      </Flex>
      <Box flex="1" overflowX="auto">
        {data.error && !data.contacts ? (
          <Center py="16" flexDirection="column" gap="2">
            <Text fontWeight="semibold">The contacts could not be loaded</Text>
            <Text fontSize="sm" color="fg.muted">
              {errorMessage(data.error)}
            </Text>
          </Center>
        ) : (
          <Table.Root size="sm" interactive data-testid="contacts-table">
            <Table.Header>
              <Table.Row bg="bg.panel">
                <Table.ColumnHeader w="10" ps={{ base: '3', md: '5' }}>
                  <Checkbox
                    aria-label="Select the contacts on this page"
                    checked={someOnPage && !allOnPage ? 'indeterminate' : allOnPage}
                    disabled={onPage.length === 0}
                    onCheckedChange={() =>
                      setSelected((ids) => (allOnPage ? ids.filter((x) => !onPage.some((c) => c.id === x)) : [...new Set([...ids, ...onPage.map((c) => c.id)])]))
                    }
                    inputProps={{ 'data-testid': 'contacts-select-page' }}
                  />
                </Table.ColumnHeader>
                <ContactsSortHeader label="Name" sortKey="name" />
                <ContactsSortHeader label="Email" sortKey="email" hideBelow="md" />
                <ContactsSortHeader label="Company" sortKey="company" hideBelow="xl" />
                <ContactsSortHeader label="Job title" sortKey="jobTitle" hideBelow="2xl" />
                <ContactsSortHeader label="Phone" sortKey="phone" hideBelow="lg" />
                <Table.ColumnHeader w="24" textAlign="end" {...STICKY_END}>
                  <Text srOnly>Actions</Text>
                </Table.ColumnHeader>
              </Table.Row>
              <Table.Row bg="bg.panel" data-testid="contacts-filters">
                <Table.ColumnHeader ps={{ base: '3', md: '5' }} />
                {FILTER_COLUMNS.map(({ key, label }) => (
                  <Table.ColumnHeader key={key} py="1.5" display={FILTER_HIDE[key] ? { base: 'none', [FILTER_HIDE[key]]: 'table-cell' } : undefined}>
                    <Stack gap="1">
                      <Input
                        size="xs"
                        minW="24"
                        placeholder={`Filter ${label.toLowerCase()}`}
                        aria-label={`Filter by ${label.toLowerCase()}`}
                        value={filters[key] ?? ''}
                        onChange={(e) => setFilter(key, e.target.value)}
                        data-testid={`contacts-filter-${key}`}
                      />
                      {/* The name cell shows the job title and company while their columns are hidden: so do their filters. */}
                      {key === 'name' &&
                        INLINE_FILTERS.map(({ key: inner, label: innerLabel, until }) => (
                          <Input
                            key={inner}
                            size="xs"
                            display={{ base: 'block', [until]: 'none' }}
                            placeholder={`Filter ${innerLabel.toLowerCase()}`}
                            aria-label={`Filter by ${innerLabel.toLowerCase()}`}
                            value={filters[inner] ?? ''}
                            onChange={(e) => setFilter(inner, e.target.value)}
                            data-testid={`contacts-filter-${inner}-inline`}
                          />
                        ))}
                    </Stack>
                  </Table.ColumnHeader>
                ))}
                <Table.ColumnHeader textAlign="end" pe={{ base: '3', md: '5' }}>
                  {filtering && (
                    <Button size="2xs" variant="ghost" onClick={() => setFilters({})} data-testid="contacts-filters-clear">
                      Clear
                    </Button>
                  )}
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {!page
                ? <LoadingRows columns={7} />
                : page.items.map((c) => {
                    const isStarred = starred.has(c.id)
                    const isSelected = selected.includes(c.id)
                    return (
                      <Table.Row
                        key={c.id}
                        cursor="pointer"
                        bg={isSelected ? 'bg.muted' : undefined}
                        onClick={() => openDialog({ mode: 'edit', contact: c })}
                        data-testid={`contact-row-${c.id}`}
                        data-starred={isStarred ? 'true' : 'false'}
                      >
                        <Table.Cell ps={{ base: '3', md: '5' }} onClick={(e) => e.stopPropagation()}>
                          <Checkbox
                            aria-label={`Select ${fullName(c)}`}
                            checked={isSelected}
                            onCheckedChange={(d) => setSelected((ids) => (d.checked ? [...ids, c.id] : ids.filter((x) => x !== c.id)))}
                            inputProps={{ 'data-testid': `contact-row-${c.id}-check` }}
                          />
                        </Table.Cell>
                        <Table.Cell>
                          <HStack gap="3">
                            <ContactAvatar name={fullName(c)} src={c.avatar} />
                            <Box minW="0">
                              <Text fontWeight="medium" truncate data-testid={`contact-row-${c.id}-name`}>
                                {fullName(c)}
                              </Text>
                              <Text fontSize="xs" color="fg.muted" truncate display={{ base: 'block', '2xl': 'none' }}>
                                {[c.jobTitle, c.company].filter(Boolean).join(' · ')}
                              </Text>
                            </Box>
                          </HStack>
                        </Table.Cell>
                        <Table.Cell display={{ base: 'none', md: 'table-cell' }} color="fg.muted" maxW={{ md: '56', '2xl': '72' }} truncate title={c.email}>
                          {c.email}
                        </Table.Cell>
                        <Table.Cell display={{ base: 'none', xl: 'table-cell' }}>{c.company}</Table.Cell>
                        <Table.Cell display={{ base: 'none', '2xl': 'table-cell' }} color="fg.muted">
                          {c.jobTitle}
                        </Table.Cell>
                        <Table.Cell display={{ base: 'none', lg: 'table-cell' }} color="fg.muted" whiteSpace="nowrap">
                          {c.phone}
                        </Table.Cell>
                        <Table.Cell textAlign="end" onClick={(e) => e.stopPropagation()} whiteSpace="nowrap" {...STICKY_END}>
                          <IconButton
                            size="xs"
                            variant="ghost"
                            aria-label={isStarred ? `Unstar ${fullName(c)}` : `Star ${fullName(c)}`}
                            aria-pressed={isStarred}
                            color={isStarred ? 'orange.400' : 'fg.subtle'}
                            disabled={busy}
                            onClick={() => star(c)}
                            data-testid={`contact-row-${c.id}-star`}
                          >
                            {isStarred ? <StarFilledIcon /> : <StarIcon />}
                          </IconButton>
                          <IconButton size="xs" variant="ghost" aria-label={`Edit ${fullName(c)}`} color="fg.subtle" onClick={() => openDialog({ mode: 'edit', contact: c })}>
                            <EditIcon />
                          </IconButton>
                          <IconButton size="xs" variant="ghost" aria-label={`Delete ${fullName(c)}`} color="fg.subtle" onClick={() => void removeOne(c)} data-testid={`contact-row-${c.id}-delete`}>
                            <TrashIcon />
                          </IconButton>
                        </Table.Cell>
                      </Table.Row>
                    )
                  })}
            </Table.Body>
          </Table.Root>
        )}
        {page && filtered?.length === 0 && (
          <Center py="16" flexDirection="column" gap="2" color="fg.muted" data-testid="contacts-empty">
            <Text fontWeight="semibold" color="fg">
              {search || filtering ? 'No contacts match your search' : 'There are no contacts here'}
            </Text>
            <Text fontSize="sm">{search ? `Nothing in ${title.toLowerCase()} matches “${search}”${filtering ? ' and the column filters' : ''}.` : filtering ? `Nothing in ${title.toLowerCase()} matches the column filters.` : view === 'starred' ? 'Star a contact to see it here.' : 'Add one with New contact.'}</Text>
          </Center>
        )}
      </Box>
      {page && filtered && filtered.length > 0 && (
        <Flex align="center" justify="flex-end" gap="3" px={{ base: '3', md: '5' }} py="2" borderTopWidth="1px" borderColor="border.muted" wrap="wrap" data-testid="contacts-pagination">
          <HStack gap="2">
            <Text fontSize="xs" color="fg.muted">
              Rows per page
            </Text>
            <PerPageSelect value={paging.perPage} choices={[10, 25, 50]} onChange={(n) => setPaging({ page: 1, perPage: n })} testId="contacts-per-page" />
          </HStack>
          <Text fontSize="xs" color="fg.muted" data-testid="contacts-range">
            {(page.page - 1) * paging.perPage + 1}–{Math.min(page.page * paging.perPage, filtered.length)} of {filtered.length}
          </Text>
          <HStack gap="1">
            <IconButton size="xs" variant="ghost" aria-label="Previous page" disabled={page.page <= 1} onClick={() => setPaging((p) => ({ ...p, page: page.page - 1 }))} data-testid="contacts-prev">
              <ChevronLeftIcon />
            </IconButton>
            <IconButton size="xs" variant="ghost" aria-label="Next page" disabled={page.page >= page.pages} onClick={() => setPaging((p) => ({ ...p, page: page.page + 1 }))} data-testid="contacts-next">
              <ChevronRightIcon />
            </IconButton>
          </HStack>
        </Flex>
      )}
    </SidebarLayout>
  )
}
