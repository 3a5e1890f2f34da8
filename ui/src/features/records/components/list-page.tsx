import { Box, Button, ButtonGroup, Flex, Heading, IconButton, Stack, Text } from '@chakra-ui/react'
import { useAtomValue } from 'jotai'
import { lazy, Suspense, useCallback, useMemo } from 'react'
import { Link as RouterLink, useSearchParams } from 'react-router-dom'

import { BoardIcon, ListIcon, PlusIcon } from '@/components/icons'
import { LoadError } from '@/components/load-error'
import { PageLoader } from '@/components/page-loader'
import type { Resource } from '@/data/records'
import { useOptions } from '@/hooks/use-options'
import { userAtom } from '@/lib/auth'
import { canCreate } from '@/lib/permissions'

import { RESOURCE_CONFIGS } from '@/config/records'
import { useListQuery } from '../hooks'
import { nextSort, parseListState, serializeListState, toApiParams, visibleColumns, type ListState } from '../list-state'
import { totalText } from '../text'

import { UploadDocumentsButton } from './document-upload'
import { ExportMenu } from './export-menu'
import { ImportButton } from './import-dialog'
import { ListToolbar } from './list-toolbar'
import { Pagination } from './pagination'
import { RecordTable } from './record-table'

const LeadBoard = lazy(() => import('./lead-board'))

function TableView({ resource, state, update }: { resource: Resource; state: ListState; update: (patch: Partial<ListState>) => void }) {
  const config = RESOURCE_CONFIGS[resource]
  const user = useAtomValue(userAtom)
  const options = useOptions()
  const params = useMemo(() => toApiParams(state, config, user.data?.id), [state, config, user.data?.id])
  // The query's ids and figures only: an update push renders its row alone (record-table.tsx reads
  // the rows), not this page, the table around the rows or the pagination.
  const list = useListQuery(resource, params)
  const meta = list.entry?.meta
  // Stable between pushes, so the memoised rows (record-table.tsx) skip unchanged ones.
  const columns = useMemo(() => visibleColumns(state, config), [state, config])
  const total = meta?.total ?? 0
  const exact = meta?.totalIsExact !== false
  // A page past the end (records were deleted meanwhile): go to the last one.
  const pages = exact ? Math.max(1, Math.ceil(total / state.perPage)) : Number.MAX_SAFE_INTEGER
  const page = Math.min(state.page, pages)
  const next = meta?.nextCursor ?? null
  const prev = meta?.prevCursor ?? null
  // A search without a chosen column is ordered by relevance: no column shows as the sort.
  const shownState = useMemo(() => (state.q.trim() && !state.sortChosen ? { ...state, sort: '' } : state), [state])
  // Stable between pushes (a push only brings new rows): the header and the pagination skip rendering.
  const onSort = useCallback((key: string) => update(nextSort(state, key)), [update, state])
  const onPage = useCallback((p: number) => update({ page: p }), [update])
  const onNext = useCallback(() => next && update({ page: page + 1, cursor: next }), [update, page, next])
  const onPrev = useCallback(() => update(page <= 2 || !prev ? { page: page - 1 } : { page: page - 1, cursor: prev }), [update, page, prev])
  const onPerPage = useCallback((perPage: number) => update({ perPage, page: 1 }), [update])
  return (
    <Stack gap="4">
      {list.status === 'error' && (
        <LoadError title={`Could not load the ${config.title.toLowerCase()}`} error={list.error} onRetry={list.reload} testId="list-error" />
      )}
      {/* Nothing loaded: the error alone says why, not an empty table claiming no record matches. */}
      {(list.status !== 'error' || list.entry) && (
        <RecordTable
          config={config}
          columns={columns}
          resource={resource}
          queryKey={list.key}
          count={list.entry?.ids.length ?? 0}
          state={shownState}
          options={options}
          loading={list.status === 'loading'}
          onSort={onSort}
        />
      )}
      {list.entry && (
        <Pagination
          page={page}
          perPage={state.perPage}
          total={total}
          totalIsExact={exact}
          shown={list.entry.ids.length}
          hasNext={next !== null}
          hasPrev={page > 1}
          onPage={onPage}
          onNext={onNext}
          onPrev={onPrev}
          onPerPage={onPerPage}
        />
      )}
      <Text fontSize="xs" color="fg.subtle" aria-live="polite" data-testid="list-total">
        {list.entry ? `${totalText(total, exact)} ${total === 1 && exact ? config.one : config.title.toLowerCase()}` : ''}
        {list.refreshing && list.entry ? ' · updating…' : ''}
      </Text>
    </Stack>
  )
}

/** /assets, /documents, /leads: the list (and for opportunities, the board by stage). */
export default function RecordListPage({ resource }: { resource: Resource }) {
  const config = RESOURCE_CONFIGS[resource]
  const [search, setSearch] = useSearchParams()
  const user = useAtomValue(userAtom)
  const state = useMemo(() => parseListState(search, config), [search, config])
  const update = useCallback(
    (patch: Partial<ListState>) => {
      // Any change but a cursor move starts from an offset again (a cursor belongs to one query).
      setSearch(serializeListState({ ...parseListState(search, config), cursor: null, ...patch }, config), {
        replace: patch.q !== undefined && Object.keys(patch).length <= 2,
      })
    },
    [search, config, setSearch],
  )
  const board = state.view === 'board'
  const role = user.role[0]
  const exportParams = useMemo(() => toApiParams(state, config, user.data?.id), [state, config, user.data?.id])

  return (
    <Box px={{ base: '4', md: '8' }} py={{ base: '6', md: '8' }} data-testid={`list-page-${resource}`}>
      <Stack gap="5">
        <Flex justify="space-between" align="center" gap="3" wrap="wrap">
          <Heading as="h1" size="2xl" data-testid="list-title">
            {config.title}
          </Heading>
          <Flex gap="2" align="center">
            {resource === 'leads' && (
              <ButtonGroup size="sm" variant="outline" attached>
                <IconButton aria-label="List" aria-pressed={!board} variant={board ? 'outline' : 'subtle'} onClick={() => update({ view: 'list' })} data-testid="view-list">
                  <ListIcon />
                </IconButton>
                <IconButton aria-label="Board by stage" aria-pressed={board} variant={board ? 'subtle' : 'outline'} onClick={() => update({ view: 'board' })} data-testid="view-board">
                  <BoardIcon />
                </IconButton>
              </ButtonGroup>
            )}
            <ExportMenu resource={resource} params={exportParams} />
            <ImportButton config={config} />
            {resource === 'documents' && <UploadDocumentsButton variant="solid" />}
            {canCreate(role, resource) && (
              <Button asChild size="sm" colorPalette="brand">
                <RouterLink to={`${config.path}/new`} data-testid="list-new">
                  <PlusIcon /> New {config.one}
                </RouterLink>
              </Button>
            )}
          </Flex>
        </Flex>
        <ListToolbar config={config} state={state} options={useOptions()} onChange={update} showColumns={!board} />
        {board ? (
          <Suspense fallback={<PageLoader />}>
            <LeadBoard state={state} />
          </Suspense>
        ) : (
          <TableView resource={resource} state={state} update={update} />
        )}
      </Stack>
    </Box>
  )
}
