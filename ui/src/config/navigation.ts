import { getConfig } from '@/lib/config'
import type { NavItem } from '@/lib/navigation'

import { applicationsNavigation } from './navigation-applications'
import { pagesNavigation } from './navigation-pages'

/** The id of the navigation's one "Template" entry: every sample area, collapsible (issue 22). */
export const TEMPLATE_NAV_ID = 'template'

/** Every sample area of the admin template, in one collapsible entry after the product's pages. */
export function templateNavigation(): NavItem {
  return { id: TEMPLATE_NAV_ID, title: 'Template', type: 'collapse', icon: 'layouts', children: [applicationsNavigation, ...pagesNavigation] }
}

/**
 * The navigation, from one configuration (spec section 2 "Shell"). The product's pages come first for
 * every role (they are open to all four); the template's sample areas follow in one "Template" entry
 * that each user opens or collapses, and that an administrator can leave out for everyone
 * (`templateHidden`, a portal-wide setting). Their pages stay reachable by address.
 */
export function navigationConfig({ templateHidden = false }: { templateHidden?: boolean } = {}): NavItem[] {
  const product: NavItem[] = [
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
  ]
  return templateHidden ? product : [...product, { id: 'divider-template', type: 'divider' }, templateNavigation()]
}
