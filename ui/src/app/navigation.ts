/**
 * The navigation, derived from the route registry (routes.tsx, routes-samples.tsx): every page
 * with a `nav` entry becomes an item of its section; the sections (groups and collapses) are
 * declared here. The vertical and horizontal menus, the toolbar's page search and the shortcuts
 * all read the result (spec section 2 "Shell").
 */
import type { AuthSetting } from '@/lib/auth'
import { getConfig } from '@/lib/config'
import type { NavItem } from '@/lib/navigation'

import { routes, type AppRoute, type RouteNav } from './routes'
import { sampleRoutes } from './routes-samples'

/** A group (a header with its items) or a collapse (an entry that opens), or a divider. */
export interface NavSection {
  id: string
  type: 'group' | 'collapse' | 'divider'
  /** The section it sits in (none: the top level), and its place there among items and sections. */
  parent?: string
  order: number
  title?: string
  icon?: string
  auth?: AuthSetting
  /** 'count': a badge with the number of pages directly inside (a long list). */
  badge?: 'count'
}

/** The id of the navigation's one "Template" entry: every sample area, collapsible (issue 22). */
export const TEMPLATE_NAV_ID = 'template'
const TEMPLATE_DIVIDER_ID = 'divider-template'

/**
 * The product's pages come first for every role (they are open to all four); the template's sample
 * areas follow in one "Template" entry that each user opens or collapses, and that an
 * administrator can leave out for everyone (`templateHidden`). Their pages stay reachable by address.
 */
export const NAV_SECTIONS: readonly NavSection[] = [
  { id: 'portal', type: 'group', order: 10, title: 'Portal' },
  { id: 'admin', type: 'group', order: 20, title: 'Administration', auth: ['admin'] },
  { id: TEMPLATE_DIVIDER_ID, type: 'divider', order: 30 },
  { id: TEMPLATE_NAV_ID, type: 'collapse', order: 40, title: 'Template', icon: 'layouts' },
  { id: 'applications', type: 'group', parent: TEMPLATE_NAV_ID, order: 10, title: 'Applications' },
  { id: 'dashboards', type: 'group', parent: TEMPLATE_NAV_ID, order: 20, title: 'Dashboards' },
  { id: 'apps-more', type: 'group', parent: TEMPLATE_NAV_ID, order: 30, title: 'Business' },
  { id: 'e-commerce', type: 'collapse', parent: 'apps-more', order: 20, title: 'E-commerce', icon: 'cart' },
  { id: 'pages', type: 'group', parent: TEMPLATE_NAV_ID, order: 40, title: 'Pages' },
  { id: 'auth-pages', type: 'collapse', parent: 'pages', order: 10, title: 'Authentication', icon: 'lock', badge: 'count' },
  { id: 'invoice', type: 'collapse', parent: 'pages', order: 50, title: 'Invoice', icon: 'receipt' },
  { id: 'pricing', type: 'collapse', parent: 'pages', order: 70, title: 'Pricing', icon: 'pricing' },
  { id: 'search', type: 'collapse', parent: 'pages', order: 90, title: 'Search', icon: 'search' },
  { id: 'errors', type: 'collapse', parent: 'pages', order: 100, title: 'Errors', icon: 'error' },
  { id: 'user-interface', type: 'group', parent: TEMPLATE_NAV_ID, order: 50, title: 'User Interface' },
  { id: 'page-layouts', type: 'collapse', parent: 'user-interface', order: 40, title: 'Page layouts', icon: 'layouts' },
  { id: 'page-layouts-carded', type: 'collapse', parent: 'page-layouts', order: 10, title: 'Carded', icon: 'layouts', badge: 'count' },
  { id: 'page-layouts-simple', type: 'collapse', parent: 'page-layouts', order: 20, title: 'Simple', icon: 'layouts', badge: 'count' },
  { id: 'documentation', type: 'group', parent: TEMPLATE_NAV_ID, order: 60, title: 'Documentation' },
  { id: 'getting-started', type: 'collapse', parent: 'documentation', order: 10, title: 'Getting started', icon: 'rocket' },
  { id: 'working-with-the-portal', type: 'collapse', parent: 'documentation', order: 20, title: 'Working with the portal', icon: 'build' },
]

/** A registry entry's navigation entries (none, one, or one per address of a parameterised path). */
export function routeNavs(route: AppRoute): readonly RouteNav[] {
  return route.nav === undefined ? [] : 'id' in route.nav ? [route.nav] : route.nav
}

/** A navigation entry that leaves the app (no route). */
export interface NavLink extends Omit<RouteNav, 'url'> {
  title: string
  url: () => string
  target?: '_blank' | '_self'
}

/** The navigation's links out of the app (they sit in a section like the pages). */
export const navLinks: NavLink[] = [
  {
    id: 'video-chat',
    section: 'portal',
    order: 60,
    title: 'Video Chat',
    icon: 'video',
    url: () => getConfig().videoChatUrl,
    target: '_blank',
    badge: { title: 'NEW', bg: '#0ea5e9', fg: '#ffffff' },
  },
]

/** Every registry entry's navigation entries, with the item each becomes. */
export function navEntries(registry: readonly AppRoute[], links: readonly NavLink[]): { nav: RouteNav | NavLink; item: NavItem }[] {
  const pages = registry.flatMap((route) =>
    routeNavs(route).map((nav) => ({
      nav,
      item: {
        id: nav.id,
        title: nav.title ?? route.title,
        type: 'item',
        icon: nav.icon,
        url: nav.url ?? route.path,
        ...(nav.exact && { exact: true }),
        ...(nav.badge && { badge: nav.badge }),
        ...(nav.auth && { auth: nav.auth }),
      } satisfies NavItem,
    })),
  )
  const external = links.map((link) => ({
    nav: link,
    item: {
      id: link.id,
      title: link.title,
      type: 'link',
      icon: link.icon,
      url: link.url(),
      external: true,
      ...(link.target && { target: link.target }),
      ...(link.badge && { badge: link.badge }),
      ...(link.auth && { auth: link.auth }),
    } satisfies NavItem,
  }))
  return [...pages, ...external]
}

/** The navigation tree: each section's items and sections in their order; empty sections left out. */
export function buildNavigation(sections: readonly NavSection[], entries: ReturnType<typeof navEntries>): NavItem[] {
  const known = new Set(sections.map((s) => s.id))
  for (const { nav } of entries) {
    if (!known.has(nav.section)) throw new Error(`navigation: ${nav.id} names an unknown section ${nav.section}`)
  }
  const childrenOf = (parent: string | undefined): NavItem[] => {
    const placed: { order: number; item: NavItem }[] = []
    for (const section of sections) {
      if (section.parent !== parent) continue
      if (section.type === 'divider') {
        placed.push({ order: section.order, item: { id: section.id, type: 'divider' } })
        continue
      }
      const children = childrenOf(section.id)
      if (children.length === 0) continue
      const pages = children.filter((c) => c.type === 'item' || c.type === 'link').length
      placed.push({
        order: section.order,
        item: {
          id: section.id,
          title: section.title,
          type: section.type,
          ...(section.icon && { icon: section.icon }),
          ...(section.badge === 'count' && { badge: { title: String(pages) } }),
          ...(section.auth && { auth: section.auth }),
          children,
        },
      })
    }
    if (parent !== undefined) {
      for (const { nav, item } of entries) if (nav.section === parent) placed.push({ order: nav.order, item })
    }
    return placed.sort((a, b) => a.order - b.order).map((p) => p.item)
  }
  return childrenOf(undefined)
}

/** The whole navigation (before the role filter): the product's pages, then the template's. */
export function navigationConfig({ templateHidden = false }: { templateHidden?: boolean } = {}): NavItem[] {
  const sections = templateHidden ? NAV_SECTIONS.filter((s) => s.id !== TEMPLATE_NAV_ID && s.id !== TEMPLATE_DIVIDER_ID) : NAV_SECTIONS
  return buildNavigation(sections, navEntries([...routes, ...sampleRoutes], navLinks))
}
