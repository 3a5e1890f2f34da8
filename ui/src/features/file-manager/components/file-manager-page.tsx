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
  IconButton,
  Input,
  InputGroup,
  Portal,
  Stack,
  Switch,
  Table,
  Text,
  useBreakpointValue,
} from '@chakra-ui/react'
import { useAtom, useAtomValue } from 'jotai'
import { Fragment, useEffect, useMemo, useRef, useState } from 'react'
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom'

import { LoadingRows, SortHeader } from '@/components/table-rows'
import { errorMessage } from '@/data/client'
import { userAtom } from '@/lib/auth'
import { useDialog } from '@/lib/dialog'
import { canCreate } from '@/lib/permissions'
import { showMessage } from '@/lib/snackbar'

import { deleteFile, downloadFile, getFiles, uploadFile, type FileItem } from '../api'
import { fileFilterAtom, fileSearchAtom, fileSortAtom, filesAtom, offlineOverridesAtom, selectedFileIdAtom } from '../atoms'
import { fileLook } from '../file-type'
import { FILTERS, folderPath, isOffline, searchesEverywhere, typeLabel, UPLOAD_EXTENSIONS, uploadProblem, visibleFiles, type FileSort } from '../files-utils'
import { FolderIcon, InfoIcon, SearchIcon } from '../icons'

function TypeIcon({ file, size = '5' }: { file: FileItem; size?: string }) {
  const { Icon, color } = fileLook(file)
  return <Icon boxSize={size} color={color} flexShrink={0} />
}

function FileSortHeader({ label, sortKey, hideBelow }: { label: string; sortKey: FileSort; hideBelow?: 'sm' | 'md' | 'lg' | 'xl' }) {
  const [sort, setSort] = useAtom(fileSortAtom)
  const onSort = () => setSort((s) => ({ key: sortKey, descending: s.key === sortKey ? !s.descending : false }))
  return <SortHeader label={label} active={sort.key === sortKey} descending={sort.descending} onSort={onSort} hideBelow={hideBelow} testId={`files-sort-${sortKey}`} />
}

function Details({ file, onClose, onDelete, canWrite }: { file: FileItem; onClose?: () => void; onDelete: (file: FileItem) => void; canWrite: boolean }) {
  const [downloading, setDownloading] = useState(false)
  const download = async () => {
    setDownloading(true)
    try {
      await downloadFile(file)
    } catch (e) {
      showMessage(errorMessage(e), 'error')
    } finally {
      setDownloading(false)
    }
  }
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
      <Stack gap="2">
        <HStack gap="3">
          {file.type !== 'folder' && (
            <Button flex="1" size="sm" colorPalette="brand" disabled={!file.downloadable} loading={downloading} onClick={() => void download()} data-testid="file-details-download">
              Download
            </Button>
          )}
          {canWrite && (
            <Button flex="1" size="sm" variant="outline" colorPalette="red" onClick={() => onDelete(file)} data-testid="file-details-delete">
              Delete
            </Button>
          )}
        </HStack>
        {file.type !== 'folder' && !file.downloadable && (
          <Text fontSize="xs" color="fg.muted" data-testid="file-details-sample-note">
            A sample entry: it describes a file but has no content to download. Files added with Add can be downloaded.
          </Text>
        )}
      </Stack>
    </Stack>
  )
}

/** /apps/file-manager and /apps/file-manager/:folderId: folders and files, a breadcrumb, a details panel, Add. */
export default function FileManagerPage() {
  const [files, setFiles] = useAtom(filesAtom)
  const [selectedId, setSelectedId] = useAtom(selectedFileIdAtom)
  const [filter, setFilter] = useAtom(fileFilterAtom)
  const [search, setSearch] = useAtom(fileSearchAtom)
  const [sort] = useAtom(fileSortAtom)
  const [overrides] = useAtom(offlineOverridesAtom)
  const [error, setError] = useState<unknown>(null)
  const docked = useBreakpointValue({ base: false, xl: true }) ?? false
  const { folderId: folderParam } = useParams()
  const folderId = folderParam ?? null
  const navigate = useNavigate()
  const { confirm } = useDialog()
  const user = useAtomValue(userAtom)
  const canWrite = canCreate(user.role[0], 'documents')
  const fileInput = useRef<HTMLInputElement>(null)
  const [uploading, setUploading] = useState(false)

  useEffect(() => {
    const controller = new AbortController()
    getFiles(controller.signal).then(setFiles, (e: unknown) => !controller.signal.aborted && setError(e))
    return () => controller.abort()
  }, [setFiles])

  const shown = useMemo(() => (files ? visibleFiles(files, filter, search, sort.key, sort.descending, folderId) : null), [files, filter, search, sort, folderId])
  const selected = files?.find((f) => f.id === selectedId) ?? null
  const path = useMemo(() => (files ? folderPath(files, folderId) : []), [files, folderId])
  const everywhere = searchesEverywhere(filter, search)
  // The counts are the open folder's (Fuse's header), or the results' when searching every folder.
  const counts = useMemo(() => {
    const here = shown ?? []
    return { folders: here.filter((f) => f.type === 'folder').length, files: here.filter((f) => f.type !== 'folder').length }
  }, [shown])

  function openFolder(id: string | null) {
    setSelectedId(null)
    setSearch('')
    setFilter('all')
    navigate(id ? `/apps/file-manager/${id}` : '/apps/file-manager')
  }

  async function upload(picked: File | undefined) {
    if (!picked) return
    const problem = uploadProblem(picked)
    if (problem) {
      showMessage(problem, 'error')
      return
    }
    setUploading(true)
    try {
      const item = await uploadFile(picked, folderId)
      setFiles((all) => [...(all ?? []), item])
      setSelectedId(item.id)
      showMessage(`'${item.name}' added.`, 'success')
    } catch (e) {
      showMessage(errorMessage(e), 'error')
    } finally {
      setUploading(false)
    }
  }

  async function remove(item: FileItem) {
    const ok = await confirm({
      title: `Delete “${item.name}”?`,
      body: item.type === 'folder' ? 'The folder must be empty.' : 'It is removed from the file manager for everyone.',
      confirmLabel: 'Delete',
      tone: 'danger',
    })
    if (!ok) return
    try {
      await deleteFile(item.id)
      setFiles((all) => (all ?? []).filter((f) => f.id !== item.id))
      setSelectedId(null)
      showMessage(`'${item.name}' deleted.`, 'success')
    } catch (e) {
      showMessage(errorMessage(e), 'error')
    }
  }

  return (
    <Flex minH="calc(100dvh - 7rem)" data-testid="file-manager-page">
      <Flex direction="column" flex="1" minW="0">
        <Box px={{ base: '4', md: '8' }} pt={{ base: '6', md: '8' }} pb="4" borderBottomWidth="1px" borderColor="border.muted" bg="bg.panel">
          <Flex align="center" gap="4" wrap="wrap">
            <Flex boxSize="11" borderRadius="xl" bg="brand.solid" color="brand.contrast" align="center" justify="center">
              <FolderIcon boxSize="5" />
            </Flex>
            <Box flex="1" minW={{ base: 'full', sm: '72' }}>
              <Flex align="center" gap="2" wrap="wrap" as="nav" aria-label="Folders" data-testid="files-breadcrumb">
                <Heading as="h1" size="xl">
                  <RouterLink to="/apps/file-manager" onClick={() => openFolder(null)} data-testid="files-breadcrumb-root">
                    File Manager
                  </RouterLink>
                </Heading>
                {path.map((folder, i) => (
                  <Fragment key={folder.id}>
                    <Text color="fg.subtle" aria-hidden>
                      ›
                    </Text>
                    {i === path.length - 1 ? (
                      <Text fontWeight="semibold" aria-current="page" data-testid={`files-breadcrumb-${folder.id}`}>
                        {folder.name}
                      </Text>
                    ) : (
                      <Button variant="plain" size="sm" px="0" color="brand.fg" onClick={() => openFolder(folder.id)} data-testid={`files-breadcrumb-${folder.id}`}>
                        {folder.name}
                      </Button>
                    )}
                  </Fragment>
                ))}
              </Flex>
              <Text fontSize="sm" color="fg.muted" data-testid="files-summary">
                {files ? `${everywhere ? 'In every folder: ' : ''}${counts.folders} folders, ${counts.files} files` : ' '}
              </Text>
            </Box>
            {canWrite && (
              <>
                <input
                  ref={fileInput}
                  type="file"
                  hidden
                  accept={UPLOAD_EXTENSIONS.map((e) => `.${e}`).join(',')}
                  onChange={(e) => {
                    const picked = e.target.files?.[0]
                    e.target.value = ''
                    void upload(picked)
                  }}
                  data-testid="files-upload-input"
                />
                <Button size="sm" colorPalette="brand" loading={uploading} onClick={() => fileInput.current?.click()} data-testid="files-add">
                  + Add
                </Button>
              </>
            )}
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
                  <FileSortHeader label="Name" sortKey="name" />
                  <FileSortHeader label="Type" sortKey="type" hideBelow="lg" />
                  <FileSortHeader label="Owner" sortKey="owner" hideBelow="md" />
                  <FileSortHeader label="Size" sortKey="size" hideBelow="sm" />
                  <FileSortHeader label="Modified" sortKey="modified" hideBelow="lg" />
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {!shown
                  ? <LoadingRows columns={6} />
                  : shown.map((f) => (
                      <Table.Row
                        key={f.id}
                        cursor="pointer"
                        bg={f.id === selectedId ? 'brand.muted' : undefined}
                        onClick={() => (f.type === 'folder' ? openFolder(f.id) : setSelectedId(f.id === selectedId && docked ? null : f.id))}
                        aria-selected={f.id === selectedId}
                        data-testid={`file-row-${f.id}`}
                      >
                        <Table.Cell ps={{ base: '4', md: '8' }}>
                          <TypeIcon file={f} />
                        </Table.Cell>
                        <Table.Cell>
                          <Flex align="center" gap="2">
                            <Text fontWeight="medium" lineClamp={2} minW="32" flex="1">
                              {f.name}
                            </Text>
                            {f.type === 'folder' && (
                              <IconButton
                                size="2xs"
                                variant="ghost"
                                aria-label={`Details of ${f.name}`}
                                onClick={(e) => {
                                  e.stopPropagation()
                                  setSelectedId(f.id)
                                }}
                                data-testid={`file-row-${f.id}-details`}
                              >
                                <InfoIcon />
                              </IconButton>
                            )}
                          </Flex>
                          {everywhere && (
                            <Text fontSize="xs" color="fg.muted">
                              {f.location}
                            </Text>
                          )}
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
                {everywhere ? 'Nothing matches' : 'Nothing here yet'}
              </Text>
              <Text fontSize="sm">{everywhere ? 'Try another search or type.' : 'This folder is empty.'}</Text>
            </Center>
          )}
        </Box>
      </Flex>
      {docked ? (
        selected && (
          <Box as="aside" w="340px" flexShrink={0} borderStartWidth="1px" borderColor="border.muted" bg="bg.panel">
            <Box position="sticky" top="0">
              <Details file={selected} onClose={() => setSelectedId(null)} onDelete={(f) => void remove(f)} canWrite={canWrite} />
            </Box>
          </Box>
        )
      ) : (
        <Drawer.Root open={Boolean(selected)} onOpenChange={(d) => !d.open && setSelectedId(null)} placement="end">
          <Portal>
            <Drawer.Backdrop />
            <Drawer.Positioner>
              <Drawer.Content maxW="sm" overflowY="auto">
                {selected && <Details file={selected} onClose={() => setSelectedId(null)} onDelete={(f) => void remove(f)} canWrite={canWrite} />}
              </Drawer.Content>
            </Drawer.Positioner>
          </Portal>
        </Drawer.Root>
      )}
    </Flex>
  )
}
