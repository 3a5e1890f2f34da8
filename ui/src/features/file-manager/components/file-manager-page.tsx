import {
  Badge,
  Box,
  Button,
  Center,
  CloseButton,
  Drawer,
  Flex,
  Heading,
  HStack,
  Input,
  InputGroup,
  Portal,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  useBreakpointValue,
} from '@chakra-ui/react'
import { useAtom } from 'jotai'
import { useEffect, useMemo, useState } from 'react'

import { errorMessage } from '@/lib/api'

import { getFiles, type FileItem } from '../api'
import { fileFilterAtom, fileSearchAtom, fileSortAtom, filesAtom, offlineOverridesAtom, selectedFileIdAtom } from '../atoms'
import { fileLook } from '../file-type'
import { FILTERS, isOffline, typeLabel, visibleFiles, type FileSort } from '../files-utils'
import { ArrowDownIcon, ArrowUpIcon, FolderIcon, SearchIcon } from '../icons'

function TypeIcon({ file, size = '5' }: { file: FileItem; size?: string }) {
  const { Icon, color } = fileLook(file)
  return <Icon boxSize={size} color={color} flexShrink={0} />
}

function SortHeader({ label, sortKey, hideBelow }: { label: string; sortKey: FileSort; hideBelow?: 'sm' | 'md' | 'lg' | 'xl' }) {
  const [sort, setSort] = useAtom(fileSortAtom)
  const active = sort.key === sortKey
  return (
    <Table.ColumnHeader display={hideBelow ? { base: 'none', [hideBelow]: 'table-cell' } : undefined} aria-sort={active ? (sort.descending ? 'descending' : 'ascending') : 'none'}>
      <Button
        variant="plain"
        size="xs"
        px="0"
        fontWeight="semibold"
        color={active ? 'fg' : 'fg.muted'}
        onClick={() => setSort((s) => ({ key: sortKey, descending: s.key === sortKey ? !s.descending : false }))}
        data-testid={`files-sort-${sortKey}`}
      >
        {label}
        {active && (sort.descending ? <ArrowDownIcon /> : <ArrowUpIcon />)}
      </Button>
    </Table.ColumnHeader>
  )
}

function Details({ file, onClose }: { file: FileItem; onClose?: () => void }) {
  const [overrides, setOverrides] = useAtom(offlineOverridesAtom)
  const offline = isOffline(file, overrides)
  const { Icon, color } = fileLook(file)
  const rows: [string, string][] = [
    ['Type', typeLabel(file)],
    ['Size', file.size || '—'],
    ['Location', file.location],
    ['Owner', file.owner],
    ['Modified', file.modified],
    ['Opened', file.opened],
    ['Created', file.created],
  ]
  return (
    <Stack gap="5" p="5" data-testid="file-details" data-file-id={file.id}>
      <Flex align="flex-start" gap="2">
        <Heading as="h2" size="md" flex="1" wordBreak="break-word" data-testid="file-details-name">
          {file.name}
        </Heading>
        {onClose && <CloseButton size="sm" aria-label="Close details" onClick={onClose} />}
      </Flex>
      <Center h="44" borderRadius="xl" bg="bg.muted" flexDirection="column" gap="2" data-testid="file-details-preview">
        <Icon boxSize="16" color={color} />
        <Badge variant="subtle" size="sm">
          {file.type === 'folder' ? 'FOLDER' : file.extention.toUpperCase()}
        </Badge>
      </Center>
      <Switch.Root checked={offline} onCheckedChange={(d) => setOverrides((o) => ({ ...o, [file.id]: d.checked }))} justifyContent="space-between" w="full">
        <Switch.HiddenInput data-testid="file-details-offline" />
        <Switch.Label>
          <Text fontWeight="medium">Available offline</Text>
          <Text fontSize="xs" color="fg.muted">
            Kept on this device
          </Text>
        </Switch.Label>
        <Switch.Control />
      </Switch.Root>
      <Box as="dl" display="grid" gridTemplateColumns="max-content 1fr" columnGap="4" rowGap="2.5" fontSize="sm" borderTopWidth="1px" borderColor="border.muted" pt="4">
        {rows.map(([label, value]) => (
          <Box key={label} display="contents">
            <Text as="dt" color="fg.muted">
              {label}
            </Text>
            <Text as="dd" textAlign="end" data-testid={`file-details-${label.toLowerCase()}`}>
              {value}
            </Text>
          </Box>
        ))}
      </Box>
    </Stack>
  )
}

/** /apps/file-manager: folders and files, with a details panel. */
export default function FileManagerPage() {
  const [files, setFiles] = useAtom(filesAtom)
  const [selectedId, setSelectedId] = useAtom(selectedFileIdAtom)
  const [filter, setFilter] = useAtom(fileFilterAtom)
  const [search, setSearch] = useAtom(fileSearchAtom)
  const [sort] = useAtom(fileSortAtom)
  const [overrides] = useAtom(offlineOverridesAtom)
  const [error, setError] = useState<unknown>(null)
  const docked = useBreakpointValue({ base: false, xl: true }) ?? false

  useEffect(() => {
    const controller = new AbortController()
    getFiles(controller.signal).then(setFiles, (e: unknown) => !controller.signal.aborted && setError(e))
    return () => controller.abort()
  }, [setFiles])

  const shown = useMemo(() => (files ? visibleFiles(files, filter, search, sort.key, sort.descending) : null), [files, filter, search, sort])
  const selected = files?.find((f) => f.id === selectedId) ?? null
  const counts = useMemo(() => ({ folders: files?.filter((f) => f.type === 'folder').length ?? 0, files: files?.filter((f) => f.type !== 'folder').length ?? 0 }), [files])

  return (
    <Flex minH="calc(100dvh - 7rem)" data-testid="file-manager-page">
      <Flex direction="column" flex="1" minW="0">
        <Box px={{ base: '4', md: '8' }} pt={{ base: '6', md: '8' }} pb="4" borderBottomWidth="1px" borderColor="border.muted" bg="bg.panel">
          <Flex align="center" gap="4" wrap="wrap">
            <Flex boxSize="11" borderRadius="xl" bg="brand.solid" color="brand.contrast" align="center" justify="center">
              <FolderIcon boxSize="5" />
            </Flex>
            <Box flex="1" minW="40">
              <Heading as="h1" size="xl">
                File Manager
              </Heading>
              <Text fontSize="sm" color="fg.muted" data-testid="files-summary">
                {files ? `${counts.folders} folders, ${counts.files} files` : ' '}
              </Text>
            </Box>
            <InputGroup maxW={{ base: 'full', md: 'xs' }} startElement={<SearchIcon boxSize="4" color="fg.subtle" />}>
              <Input size="sm" borderRadius="full" placeholder="Search files" aria-label="Search files" value={search} onChange={(e) => setSearch(e.target.value)} data-testid="files-search" />
            </InputGroup>
          </Flex>
          <HStack gap="2" mt="4" wrap="wrap">
            {FILTERS.map((f) => (
              <Button
                key={f.value}
                size="xs"
                borderRadius="full"
                variant={filter === f.value ? 'solid' : 'outline'}
                colorPalette={filter === f.value ? 'brand' : undefined}
                aria-pressed={filter === f.value}
                onClick={() => setFilter(f.value)}
                data-testid={`files-filter-${f.value}`}
              >
                {f.title}
              </Button>
            ))}
          </HStack>
        </Box>
        <Box flex="1" overflowX="auto">
          {error && !files ? (
            <Center py="16" flexDirection="column" gap="2">
              <Text fontWeight="semibold">The files could not be loaded</Text>
              <Text fontSize="sm" color="fg.muted">
                {errorMessage(error)}
              </Text>
            </Center>
          ) : (
            <Table.Root size="sm" interactive data-testid="files-table">
              <Table.Header>
                <Table.Row bg="bg.panel">
                  <Table.ColumnHeader w="12" ps={{ base: '4', md: '8' }} />
                  <SortHeader label="Name" sortKey="name" />
                  <SortHeader label="Type" sortKey="type" hideBelow="lg" />
                  <SortHeader label="Owner" sortKey="owner" hideBelow="md" />
                  <SortHeader label="Size" sortKey="size" hideBelow="sm" />
                  <SortHeader label="Modified" sortKey="modified" hideBelow="lg" />
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {!shown
                  ? [0, 1, 2, 3, 4, 5].map((i) => (
                      <Table.Row key={i}>
                        <Table.Cell colSpan={6}>
                          <Skeleton h="8" />
                        </Table.Cell>
                      </Table.Row>
                    ))
                  : shown.map((f) => (
                      <Table.Row
                        key={f.id}
                        cursor="pointer"
                        bg={f.id === selectedId ? 'brand.muted' : undefined}
                        onClick={() => setSelectedId(f.id === selectedId && docked ? null : f.id)}
                        aria-selected={f.id === selectedId}
                        data-testid={`file-row-${f.id}`}
                      >
                        <Table.Cell ps={{ base: '4', md: '8' }}>
                          <TypeIcon file={f} />
                        </Table.Cell>
                        <Table.Cell>
                          <Text fontWeight="medium" lineClamp={2} minW="32">
                            {f.name}
                          </Text>
                          <Text fontSize="xs" color="fg.muted" display={{ base: 'block', lg: 'none' }}>
                            {typeLabel(f)}
                            {f.size ? ` · ${f.size}` : ''}
                            {isOffline(f, overrides) ? ' · offline' : ''}
                          </Text>
                        </Table.Cell>
                        <Table.Cell display={{ base: 'none', lg: 'table-cell' }} color="fg.muted">
                          {typeLabel(f)}
                        </Table.Cell>
                        <Table.Cell display={{ base: 'none', md: 'table-cell' }}>{f.owner}</Table.Cell>
                        <Table.Cell display={{ base: 'none', sm: 'table-cell' }} color="fg.muted" whiteSpace="nowrap">
                          {f.size || '—'}
                        </Table.Cell>
                        <Table.Cell display={{ base: 'none', lg: 'table-cell' }} color="fg.muted" whiteSpace="nowrap">
                          {f.modified}
                        </Table.Cell>
                      </Table.Row>
                    ))}
              </Table.Body>
            </Table.Root>
          )}
          {shown && shown.length === 0 && (
            <Center py="16" flexDirection="column" gap="1" color="fg.muted" data-testid="files-empty">
              <Text fontWeight="semibold" color="fg">
                Nothing matches
              </Text>
              <Text fontSize="sm">Try another search or type.</Text>
            </Center>
          )}
        </Box>
      </Flex>
      {docked ? (
        selected && (
          <Box as="aside" w="340px" flexShrink={0} borderStartWidth="1px" borderColor="border.muted" bg="bg.panel">
            <Box position="sticky" top="0">
              <Details file={selected} onClose={() => setSelectedId(null)} />
            </Box>
          </Box>
        )
      ) : (
        <Drawer.Root open={Boolean(selected)} onOpenChange={(d) => !d.open && setSelectedId(null)} placement="end">
          <Portal>
            <Drawer.Backdrop />
            <Drawer.Positioner>
              <Drawer.Content maxW="sm" overflowY="auto">
                {selected && <Details file={selected} onClose={() => setSelectedId(null)} />}
              </Drawer.Content>
            </Drawer.Positioner>
          </Portal>
        </Drawer.Root>
      )}
    </Flex>
  )
}
