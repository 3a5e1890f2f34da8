import { LAYOUT_VARIANTS, variantTitle } from '@/features/template-pages/layouts'
import type { NavItem } from '@/lib/navigation'

const AUTH_PAGES: [string, string][] = [
  ['login', 'Login'],
  ['login-2', 'Login v2'],
  ['register', 'Register'],
  ['register-2', 'Register v2'],
  ['forgot-password', 'Forgot password'],
  ['forgot-password-2', 'Forgot password v2'],
  ['reset-password', 'Reset password'],
  ['reset-password-2', 'Reset password v2'],
  ['lock', 'Lock screen'],
  ['mail-confirm', 'Mail confirmation'],
]

/**
 * Navigation of the sample areas, part 2 (issue 8): dashboards, more applications, pages, user
 * interface and documentation, each a group; long lists sit in collapses.
 */
export const dashboardsNavigation: NavItem = {
  id: 'dashboards',
  title: 'Dashboards',
  type: 'group',
  children: [
    { id: 'analytics-dashboard', title: 'Analytics', type: 'item', icon: 'analytics', url: '/dashboards/analytics' },
    { id: 'project-dashboard', title: 'Project', type: 'item', icon: 'project', url: '/dashboards/project' },
  ],
}

export const appsMoreNavigation: NavItem = {
  id: 'apps-more',
  title: 'Business',
  type: 'group',
  children: [
    { id: 'academy', title: 'Academy', type: 'item', icon: 'academy', url: '/apps/academy/courses' },
    {
      id: 'e-commerce',
      title: 'E-commerce',
      type: 'collapse',
      icon: 'cart',
      children: [
        { id: 'e-commerce-products', title: 'Products', type: 'item', icon: 'package', url: '/apps/e-commerce/products' },
        { id: 'e-commerce-orders', title: 'Orders', type: 'item', icon: 'receipt', url: '/apps/e-commerce/orders' },
      ],
    },
  ],
}

export const pagesGroupNavigation: NavItem = {
  id: 'pages',
  title: 'Pages',
  type: 'group',
  children: [
    {
      id: 'auth-pages',
      title: 'Authentication',
      type: 'collapse',
      icon: 'lock',
      badge: { title: String(AUTH_PAGES.length) },
      children: AUTH_PAGES.map(([page, title]) => ({ id: `auth-${page}`, title, type: 'item', icon: 'lock', url: `/pages/auth/${page}` })),
    },
    { id: 'coming-soon', title: 'Coming soon', type: 'item', icon: 'alarm', url: '/pages/coming-soon' },
    { id: 'faq', title: 'FAQ', type: 'item', icon: 'help', url: '/pages/faq' },
    { id: 'knowledge-base', title: 'Knowledge base', type: 'item', icon: 'book', url: '/pages/knowledge-base' },
    {
      id: 'invoice',
      title: 'Invoice',
      type: 'collapse',
      icon: 'receipt',
      children: [
        { id: 'invoice-modern', title: 'Modern', type: 'item', icon: 'receipt', url: '/pages/invoice/modern' },
        { id: 'invoice-compact', title: 'Compact', type: 'item', icon: 'receipt', url: '/pages/invoice/compact' },
      ],
    },
    { id: 'maintenance', title: 'Maintenance', type: 'item', icon: 'build', url: '/pages/maintenance' },
    {
      id: 'pricing',
      title: 'Pricing',
      type: 'collapse',
      icon: 'pricing',
      children: [1, 2, 3].map((n) => ({ id: `pricing-style-${n}`, title: `Style ${n}`, type: 'item', icon: 'pricing', url: `/pages/pricing/style-${n}` })),
    },
    { id: 'profile', title: 'Profile', type: 'item', icon: 'profile', url: '/pages/profile' },
    {
      id: 'search',
      title: 'Search',
      type: 'collapse',
      icon: 'search',
      children: [
        { id: 'search-classic', title: 'Classic search', type: 'item', icon: 'search', url: '/pages/search', exact: true },
        { id: 'search-modern', title: 'Modern search', type: 'item', icon: 'search', url: '/pages/search/modern' },
      ],
    },
    {
      id: 'errors',
      title: 'Errors',
      type: 'collapse',
      icon: 'error',
      children: [
        { id: 'error-404', title: '404', type: 'item', icon: 'error', url: '/pages/errors/error-404' },
        { id: 'error-500', title: '500', type: 'item', icon: 'error', url: '/pages/errors/error-500' },
      ],
    },
  ],
}

export const userInterfaceNavigation: NavItem = {
  id: 'user-interface',
  title: 'User Interface',
  type: 'group',
  children: [
    { id: 'icons', title: 'Icons', type: 'item', icon: 'icons', url: '/ui/icons' },
    { id: 'typography', title: 'Typography', type: 'item', icon: 'typography', url: '/ui/typography' },
    { id: 'helper-classes', title: 'Helper classes', type: 'item', icon: 'helper', url: '/ui/helper-classes' },
    {
      id: 'page-layouts',
      title: 'Page layouts',
      type: 'collapse',
      icon: 'layouts',
      children: [
        ...(['carded', 'simple'] as const).map(
          (style): NavItem => ({
            id: `page-layouts-${style}`,
            title: style === 'carded' ? 'Carded' : 'Simple',
            type: 'collapse',
            icon: 'layouts',
            badge: { title: String(LAYOUT_VARIANTS[style].length) },
            children: LAYOUT_VARIANTS[style].map((variant) => ({
              id: `page-layouts-${style}-${variant}`,
              title: variantTitle(variant),
              type: 'item',
              icon: 'layouts',
              url: `/ui/page-layouts/${style}/${variant}`,
            })),
          }),
        ),
        { id: 'page-layouts-blank', title: 'Blank', type: 'item', icon: 'layouts', url: '/ui/page-layouts/blank' },
      ],
    },
  ],
}

export const documentationNavigation: NavItem = {
  id: 'documentation',
  title: 'Documentation',
  type: 'group',
  children: [
    {
      id: 'getting-started',
      title: 'Getting started',
      type: 'collapse',
      icon: 'rocket',
      children: [
        { id: 'doc-introduction', title: 'Introduction', type: 'item', icon: 'rocket', url: '/documentation/getting-started/introduction' },
        { id: 'doc-installation', title: 'Installation', type: 'item', icon: 'package', url: '/documentation/getting-started/installation' },
      ],
    },
    {
      id: 'working-with-the-portal',
      title: 'Working with the portal',
      type: 'collapse',
      icon: 'build',
      children: [
        { id: 'doc-theming', title: 'Theming', type: 'item', icon: 'palette', url: '/documentation/working-with-the-portal/theming' },
        { id: 'doc-settings', title: 'Settings', type: 'item', icon: 'settings', url: '/documentation/working-with-the-portal/settings' },
        { id: 'doc-routing', title: 'Routing', type: 'item', icon: 'route', url: '/documentation/working-with-the-portal/routing' },
        { id: 'doc-navigation', title: 'Navigation', type: 'item', icon: 'layouts', url: '/documentation/working-with-the-portal/navigation' },
        { id: 'doc-api-calls', title: 'API calls', type: 'item', icon: 'api', url: '/documentation/working-with-the-portal/api-calls' },
      ],
    },
    { id: 'doc-authentication', title: 'Authentication', type: 'item', icon: 'lock', url: '/documentation/authentication' },
    { id: 'doc-components', title: 'Components', type: 'item', icon: 'components', url: '/documentation/components' },
    { id: 'doc-third-party', title: 'Third-party components', type: 'item', icon: 'package', url: '/documentation/third-party-components' },
    { id: 'doc-changelog', title: 'Changelog', type: 'item', icon: 'changelog', url: '/documentation/changelog' },
  ],
}

export const pagesNavigation: NavItem[] = [
  dashboardsNavigation,
  appsMoreNavigation,
  pagesGroupNavigation,
  userInterfaceNavigation,
  documentationNavigation,
]
