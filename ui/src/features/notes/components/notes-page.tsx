import { Box, Button, Dialog, IconButton, Portal, Skeleton, Stack } from '@chakra-ui/react'
import { useAtom, useSetAtom } from 'jotai'
import { useMemo, useState } from 'react'
import { useParams } from 'react-router-dom'

import { EmptyState } from '@/components/empty-state'
import { SearchSidebarLayout } from '@/components/search-sidebar-layout'
import { SideGroup, SideLink, SideTitle } from '@/components/side-nav'
import { errorMessage } from '@/data/client'
import { useDialog } from '@/lib/dialog'
import { showMessage } from '@/lib/snackbar'

import { createNote, removeNote, updateNote, type NewNote, type Note, type NoteLabel } from '../api'
import { labelsDialogOpenAtom, notesSearchAtom, notesSidebarOpenAtom, openNoteIdAtom } from '../atoms'
import { useNotesData } from '../hooks'
import { ArchiveIcon, BellIcon, EditIcon, LabelIcon, NotesIcon, TrashIcon, UnarchiveIcon } from '../icons'
import { blankNote, isEmptyNote, notesInView, viewFromParams, type NotesView } from '../notes-utils'

import { LabelsDialog } from './labels-dialog'
import { NoteCard } from './note-card'
import { NoteForm } from './note-form'

function Sidebar({ labels }: { labels: NoteLabel[] }) {
  const openLabels = useSetAtom(labelsDialogOpenAtom)
  const closeSidebar = useSetAtom(notesSidebarOpenAtom)
  const closeSidebarNow = () => closeSidebar(false)
  return (
    <Stack gap="5" p="4" data-testid="notes-sidebar">
      <SideTitle icon={<NotesIcon boxSize="5" />}>Notes</SideTitle>
      <Stack gap="0.5">
        <SideLink to="/apps/notes" end icon={<NotesIcon boxSize="4.5" />} testId="notes-view-notes" onNavigate={closeSidebarNow}>
          Notes
        </SideLink>
        <SideLink to="/apps/notes/reminders" icon={<BellIcon boxSize="4.5" />} testId="notes-view-reminders" onNavigate={closeSidebarNow}>
          Reminders
        </SideLink>
      </Stack>
      <SideGroup title="Labels">
        {labels.map((l) => (
          <SideLink key={String(l.id)} to={`/apps/notes/labels/${l.handle}`} icon={<LabelIcon boxSize="4.5" />} testId={`notes-view-label-${l.handle}`} onNavigate={closeSidebarNow}>
            {l.name}
          </SideLink>
        ))}
        <Button
          variant="ghost"
          justifyContent="flex-start"
          borderRadius="full"
          px="4"
          gap="3"
          size="md"
          fontSize="sm"
          color="fg.muted"
          onClick={() => {
            closeSidebar(false)
            openLabels(true)
          }}
          data-testid="notes-edit-labels"
        >
          <EditIcon boxSize="4.5" /> Edit labels
        </Button>
      </SideGroup>
      <SideLink to="/apps/notes/archive" icon={<ArchiveIcon boxSize="4.5" />} testId="notes-view-archive" onNavigate={closeSidebarNow}>
        Archive
      </SideLink>
    </Stack>
  )
}

function viewTitle(view: NotesView, labels: NoteLabel[]): string {
  if (view.kind === 'reminders') return 'Reminders'
  if (view.kind === 'archive') return 'Archive'
  if (view.kind === 'label') return labels.find((l) => l.handle === view.handle)?.name ?? view.handle
  return 'Notes'
}

/** The 'Take a note..' box: one line until clicked, then the full editor. */
function Composer({ labels, view, onCreate }: { labels: NoteLabel[]; view: NotesView; onCreate: (note: NewNote) => Promise<void> }) {
  const [open, setOpen] = useState(false)
  const [round, setRound] = useState(0)
  const initial = useMemo(() => {
    const note = blankNote()
    const label = view.kind === 'label' ? labels.find((l) => l.handle === view.handle) : undefined
    return label ? { ...note, labels: [label.id] } : note
    // A fresh note for every round.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [round, view, labels])
  return (
    <Box maxW="xl" mx="auto" w="full" bg="bg.panel" borderWidth="1px" borderColor="border.muted" borderRadius="xl" boxShadow="sm" overflow="hidden" data-testid="note-composer">
      {open ? (
        <NoteForm
          key={round}
          initial={initial}
          labels={labels}
          submitLabel="Add"
          autoFocus="description"
          onCancel={() => setOpen(false)}
          onSubmit={async (note) => {
            if (isEmptyNote(note)) {
              setOpen(false)
              return
            }
            await onCreate({ ...note, time: new Date().toISOString() })
            setRound((n) => n + 1)
            setOpen(false)
          }}
        />
      ) : (
        <Box as="button" w="full" textAlign="start" px="4" py="3.5" color="fg.muted" fontSize="sm" onClick={() => setOpen(true)} data-testid="note-composer-open">
          Take a note..
        </Box>
      )}
    </Box>
  )
}

/** /apps/notes, /apps/notes/reminders, /apps/notes/archive, /apps/notes/labels/:labelHandle. */
export default function NotesPage() {
  const params = useParams()
  const view = viewFromParams(params)
  const data = useNotesData()
  const { confirm } = useDialog()
  const [search, setSearch] = useAtom(notesSearchAtom)
  const [openId, setOpenId] = useAtom(openNoteIdAtom)
  const { notes, labels, setNotes } = data
  const shown = useMemo(() => (notes ? notesInView(notes, view, labels, search) : null), [notes, view, labels, search])
  const openNote = notes?.find((n) => n.id === openId) ?? null
  const title = viewTitle(view, labels)

  const put = (note: Note) => setNotes((all) => (all ? all.map((n) => (n.id === note.id ? note : n)) : all))

  async function save(note: Note, message?: string) {
    const before = notes?.find((n) => n.id === note.id)
    put(note)
    try {
      put(await updateNote(note))
      if (message) showMessage(message, 'success')
    } catch (e) {
      if (before) put(before)
      showMessage(errorMessage(e), 'error')
      throw e
    }
  }

  async function create(note: NewNote) {
    const created = await createNote(note)
    setNotes((all) => [created, ...(all ?? [])])
    showMessage('Note added.', 'success')
  }

  async function remove(note: Note) {
    const ok = await confirm({ title: 'Delete this note?', body: 'It is removed for good.', confirmLabel: 'Delete', tone: 'danger' })
    if (!ok) return
    try {
      setNotes(await removeNote(note.id))
      setOpenId(null)
      showMessage('Note deleted.', 'success')
    } catch (e) {
      showMessage(errorMessage(e), 'error')
    }
  }

  const archive = (note: Note) =>
    save({ ...note, archive: !note.archive }, note.archive ? 'Note moved back to Notes.' : 'Note archived.').catch(() => undefined)

  const sidebar = <Sidebar labels={labels} />
  const emptyText =
    view.kind === 'archive'
      ? 'Archived notes show here.'
      : view.kind === 'reminders'
        ? 'Notes with a reminder show here.'
        : view.kind === 'label'
          ? 'No notes carry this label yet.'
          : 'Notes you add show here.'

  return (
    <SearchSidebarLayout
      openAtom={notesSidebarOpenAtom}
      minH="calc(100dvh - 7rem)"
      data-testid="notes-page"
      sidebar={sidebar}
      stickySidebar
      overlays={
        <>
          <Dialog.Root open={Boolean(openNote)} onOpenChange={(d) => !d.open && setOpenId(null)} placement="center" size={{ base: 'full', md: 'md' }}>
            <Portal>
              <Dialog.Backdrop />
              <Dialog.Positioner>
                <Dialog.Content data-testid="note-dialog" overflow="hidden">
                  {openNote && (
                    <NoteForm
                      key={openNote.id}
                      initial={openNote}
                      labels={labels}
                      submitLabel="Save"
                      autoFocus="none"
                      onCancel={() => setOpenId(null)}
                      onSubmit={async (draft) => {
                        await save({ ...openNote, ...draft, id: openNote.id }, 'Note saved.')
                        setOpenId(null)
                      }}
                      actions={(draft) => (
                        <>
                          <IconButton
                            size="sm"
                            variant="ghost"
                            aria-label={openNote.archive ? 'Unarchive' : 'Archive'}
                            title={openNote.archive ? 'Unarchive' : 'Archive'}
                            onClick={() =>
                              void save({ ...openNote, ...draft, id: openNote.id, archive: !openNote.archive }, openNote.archive ? 'Note moved back to Notes.' : 'Note archived.')
                                .then(() => setOpenId(null))
                                .catch(() => undefined)
                            }
                            data-testid="note-form-archive"
                          >
                            {openNote.archive ? <UnarchiveIcon /> : <ArchiveIcon />}
                          </IconButton>
                          <IconButton size="sm" variant="ghost" aria-label="Delete note" title="Delete note" onClick={() => void remove(openNote)} data-testid="note-form-delete">
                            <TrashIcon />
                          </IconButton>
                        </>
                      )}
                    />
                  )}
                </Dialog.Content>
              </Dialog.Positioner>
            </Portal>
          </Dialog.Root>
          <LabelsDialog
            labels={labels}
            onSaved={(saved) => {
              data.setLabels(saved)
              data.reload()
            }}
          />
        </>
      }
      searchBar={{
        menuLabel: 'Open note views',
        testIdPrefix: 'notes',
        titleTestId: 'notes-title',
        title,
        search,
        onSearch: setSearch,
        placeholder: 'Search notes',
      }}
    >
      <Stack gap="6" px={{ base: '3', md: '6' }} py="6">
        {view.kind !== 'archive' && <Composer labels={labels} view={view} onCreate={create} />}
        {data.error && !notes ? (
          <EmptyState title="The notes could not be loaded" text={errorMessage(data.error)}>
            <Button size="sm" variant="outline" onClick={data.reload}>
              Try again
            </Button>
          </EmptyState>
        ) : shown === null ? (
          <Box css={{ columnCount: 1, columnGap: '1rem', '@media (min-width: 640px)': { columnCount: 2 }, '@media (min-width: 1280px)': { columnCount: 3 } }}>
            {[120, 180, 90, 150, 200, 110].map((h, i) => (
              <Skeleton key={i} h={`${h}px`} mb="4" borderRadius="xl" />
            ))}
          </Box>
        ) : shown.length === 0 ? (
          <EmptyState testId="notes-empty" title={search ? 'No notes match your search' : `No notes in ${title}`} text={search ? `Nothing here matches “${search}”.` : emptyText} />
        ) : (
          <Box
            data-testid="notes-grid"
            css={{
              columnCount: 1,
              columnGap: '1rem',
              '@media (min-width: 640px)': { columnCount: 2 },
              '@media (min-width: 1280px)': { columnCount: 3 },
              '@media (min-width: 1680px)': { columnCount: 4 },
            }}
          >
            {shown.map((note) => (
              <NoteCard
                key={note.id}
                note={note}
                labels={labels}
                onOpen={() => setOpenId(note.id)}
                onArchive={() => void archive(note)}
                onToggleItem={(i) =>
                  void save({ ...note, checklist: note.checklist.map((c, j) => (j === i ? { ...c, checked: !c.checked } : c)) }).catch(() => undefined)
                }
              />
            ))}
          </Box>
        )}
      </Stack>
    </SearchSidebarLayout>
  )
}
