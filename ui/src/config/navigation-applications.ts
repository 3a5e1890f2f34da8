import type { NavItem } from '@/lib/navigation'

/**
 * The 'Applications' group (issue 7): the sample areas people work in. Every entry is a page of
 * ui/src/app/routes-applications.tsx; the figures inside them all come from the API.
 */
export const applicationsNavigation: NavItem = {
  id: 'applications',
  title: 'Applications',
  type: 'group',
  children: [
    { id: 'mail', title: 'Mail', type: 'item', icon: 'mail', url: '/apps/mail' },
    { id: 'todo', title: 'To-Do', type: 'item', icon: 'todo', url: '/apps/todo' },
    { id: 'notes', title: 'Notes', type: 'item', icon: 'notes', url: '/apps/notes' },
    { id: 'contacts', title: 'Contacts', type: 'item', icon: 'contacts', url: '/apps/contacts' },
    { id: 'calendar', title: 'Calendar', type: 'item', icon: 'calendar', url: '/apps/calendar' },
    { id: 'chat', title: 'Chat', type: 'item', icon: 'chat', url: '/apps/chat' },
    { id: 'scrumboard', title: 'Scrumboard', type: 'item', icon: 'scrumboard', url: '/apps/scrumboard' },
    { id: 'file-manager', title: 'File Manager', type: 'item', icon: 'file-manager', url: '/apps/file-manager' },
  ],
}
