import { Navigate } from 'react-router-dom'

import { authRoles } from '@/lib/auth'
import { lazyPage } from '@/lib/theme-system'

import type { AppRoute } from './routes'

// Each area is its own chunk; its big libraries (calendar, drag and drop) load with it.
const MailPage = lazyPage(() => import('@/features/mail/components/mail-page'))
const TodoPage = lazyPage(() => import('@/features/todo/components/todo-page'))
const NotesPage = lazyPage(() => import('@/features/notes/components/notes-page'))
const ContactsPage = lazyPage(() => import('@/features/contacts/components/contacts-page'))
const BoardsPage = lazyPage(() => import('@/features/scrumboard/components/boards-page'))
const BoardPage = lazyPage(() => import('@/features/scrumboard/components/board-page'))
const CalendarPage = lazyPage(() => import('@/features/calendar/components/calendar-page'))
const FileManagerPage = lazyPage(() => import('@/features/file-manager/components/file-manager-page'))
const ChatAppPage = lazyPage(() => import('@/features/chat/components/chat-app-page'))

const staff = authRoles.staff

/** Routes of the 'Applications' group (issue 7): mail, to-do, notes, contacts, calendar, chat, scrumboard, file manager. */
export const applicationRoutes: AppRoute[] = [
  { path: '/apps/mail', element: <Navigate to="/apps/mail/inbox" replace />, auth: staff, layout: 'main', title: 'Mail' },
  { path: '/apps/mail/label/:labelHandle', element: <MailPage />, auth: staff, layout: 'main', title: 'Mail' },
  { path: '/apps/mail/label/:labelHandle/:mailId', element: <MailPage />, auth: staff, layout: 'main', title: 'Mail' },
  { path: '/apps/mail/filter/:filterHandle', element: <MailPage />, auth: staff, layout: 'main', title: 'Mail' },
  { path: '/apps/mail/filter/:filterHandle/:mailId', element: <MailPage />, auth: staff, layout: 'main', title: 'Mail' },
  { path: '/apps/mail/:folderHandle', element: <MailPage />, auth: staff, layout: 'main', title: 'Mail' },
  { path: '/apps/mail/:folderHandle/:mailId', element: <MailPage />, auth: staff, layout: 'main', title: 'Mail' },
  { path: '/apps/todo', element: <Navigate to="/apps/todo/all" replace />, auth: staff, layout: 'main', title: 'To-Do' },
  { path: '/apps/todo/filter/:filterHandle', element: <TodoPage />, auth: staff, layout: 'main', title: 'To-Do' },
  { path: '/apps/todo/label/:labelHandle', element: <TodoPage />, auth: staff, layout: 'main', title: 'To-Do' },
  { path: '/apps/todo/:folderHandle', element: <TodoPage />, auth: staff, layout: 'main', title: 'To-Do' },
  { path: '/apps/notes', element: <NotesPage />, auth: staff, layout: 'main', title: 'Notes' },
  { path: '/apps/notes/labels/:labelHandle', element: <NotesPage />, auth: staff, layout: 'main', title: 'Notes' },
  { path: '/apps/notes/:view', element: <NotesPage />, auth: staff, layout: 'main', title: 'Notes' },
  { path: '/apps/contacts', element: <Navigate to="/apps/contacts/all" replace />, auth: staff, layout: 'main', title: 'Contacts' },
  { path: '/apps/contacts/:view', element: <ContactsPage />, auth: staff, layout: 'main', title: 'Contacts' },
  { path: '/apps/scrumboard', element: <Navigate to="/apps/scrumboard/boards" replace />, auth: staff, layout: 'main', title: 'Scrumboard' },
  { path: '/apps/scrumboard/boards', element: <BoardsPage />, auth: staff, layout: 'main', title: 'Scrumboard' },
  { path: '/apps/scrumboard/boards/:boardId', element: <BoardPage />, auth: staff, layout: 'main', title: 'Scrumboard' },
  { path: '/apps/scrumboard/boards/:boardId/:boardUri', element: <BoardPage />, auth: staff, layout: 'main', title: 'Scrumboard' },
  { path: '/apps/calendar', element: <CalendarPage />, auth: staff, layout: 'main', title: 'Calendar' },
  { path: '/apps/file-manager', element: <FileManagerPage />, auth: staff, layout: 'main', title: 'File Manager' },
  { path: '/apps/file-manager/:folderId', element: <FileManagerPage />, auth: staff, layout: 'main', title: 'File Manager' },
  { path: '/apps/chat', element: <ChatAppPage />, auth: staff, layout: 'main', title: 'Chat' },
]
