import { getConfig } from '@/lib/config'
import type { NavItem } from '@/lib/navigation'

import { applicationsNavigation } from './navigation-applications'
import { pagesNavigation } from './navigation-pages'

/**
 * The navigation, from one configuration (spec section 2 "Shell"). The product pages are open to
 * all four roles; the sample areas add their own groups here later (e.g. an 'Applications' group
 * and a 'Pages' group) without touching the shell.
 */
export function navigationConfig(): NavItem[] {
  return [
    {
      id: 'portal',
      title: 'Portal',
      type: 'group',
      children: [
        // The technicians' field view comes first for them (issue 18); other roles open it by its address.
        { id: 'my-work', title: 'My work', type: 'item', icon: 'my-work', url: '/my-work', auth: ['technician'] },
        { id: 'dashboard', title: 'Dashboard', type: 'item', icon: 'dashboard', url: '/dashboard', exact: true },
        { id: 'assets', title: 'Assets', type: 'item', icon: 'assets', url: '/assets' },
        { id: 'documents', title: 'Documents', type: 'item', icon: 'documents', url: '/documents' },
        { id: 'opportunities', title: 'Opportunities', type: 'item', icon: 'opportunities', url: '/leads' },
      ],
    },
    {
      // The admin console (issue 19): shown to admins only; the routes and the API refuse everyone else.
      id: 'admin',
      title: 'Administration',
      type: 'group',
      auth: ['admin'],
      children: [
        { id: 'admin-users', title: 'Users', type: 'item', icon: 'profile', url: '/admin/users', auth: ['admin'] },
        { id: 'admin-audit', title: 'Audit log', type: 'item', icon: 'lock', url: '/admin/audit', auth: ['admin'] },
      ],
    },
    applicationsNavigation,
    { id: 'divider-tools', type: 'divider' },
    {
      id: 'tools',
      title: 'Tools',
      type: 'group',
      children: [
        {
          id: 'video-chat',
          title: 'Video Chat',
          type: 'link',
          icon: 'video',
          url: getConfig().videoChatUrl,
          external: true,
          target: '_blank',
          badge: { title: 'NEW', bg: '#0ea5e9', fg: '#ffffff' },
        },
      ],
    },
    ...pagesNavigation,
  ]
}
