import { matchPath } from 'react-router-dom'
import { describe, expect, it } from 'vitest'

import { NAV_ICONS } from '@/components/nav-icons'
import { hasPermission } from '@/lib/auth'
import { filterNavigation, flattenNavigation, type NavItem } from '@/lib/navigation'

import { NAV_SECTIONS, navigationConfig, navLinks, routeNavs, TEMPLATE_NAV_ID } from './navigation'
import { routes, type AppRoute } from './routes'
import { sampleRoutes } from './routes-samples'

const ROLES = ['admin', 'manager', 'technician', 'contractor']
const registry: readonly AppRoute[] = [...routes, ...sampleRoutes]
const routeFor = (url: string) => registry.find((route) => matchPath({ path: route.path, end: true }, url))

/** Every item and section of a tree, depth first. */
function everything(items: readonly NavItem[]): NavItem[] {
  return items.flatMap((item) => [item, ...everything(item.children ?? [])])
}

describe('the navigation is derived from the route registry', () => {
  const all = everything(navigationConfig())

  it('gives every navigation item inside the app a route (the address opens a page of the registry)', () => {
    const pages = flattenNavigation(navigationConfig()).filter((item) => !item.external)
    expect(pages.length).toBeGreaterThan(50)
    for (const item of pages) expect(routeFor(item.url!), `${item.id} ${item.url}`).toBeDefined()
  })

  it('shows every registry entry that has a navigation entry, with its id, address and title', () => {
    const items = new Map(flattenNavigation(navigationConfig()).map((item) => [item.id, item]))
    const entries = registry.flatMap((route) => routeNavs(route).map((nav) => ({ route, nav })))
    expect(entries.length).toBeGreaterThan(50)
    for (const { route, nav } of entries) {
      const item = items.get(nav.id)
      expect(item, nav.id).toBeDefined()
      expect(item!.url).toBe(nav.url ?? route.path)
      expect(item!.title).toBe(nav.title ?? route.title)
      // A parameterised path is listed by its addresses, each of which the route matches.
      expect(routeFor(item!.url!)).toBe(route)
    }
    for (const link of navLinks) expect(items.get(link.id)).toMatchObject({ type: 'link', external: true, url: link.url() })
  })

  it('has one id per entry, a known icon for each, and no empty or unknown section', () => {
    const ids = all.map((item) => item.id)
    expect(new Set(ids).size).toBe(ids.length)
    for (const item of all) {
      // Groups are headers; every entry one clicks has an icon that exists.
      if (item.type === 'group' || item.type === 'divider') continue
      expect(NAV_ICONS[item.icon ?? ''], `${item.id} ${item.icon}`).toBeDefined()
    }
    for (const section of NAV_SECTIONS) expect(ids, section.id).toContain(section.id)
  })

  it('never shows a role an item whose page would turn it away', () => {
    for (const role of ROLES) {
      for (const item of flattenNavigation(filterNavigation(navigationConfig(), [role]))) {
        if (item.external) continue
        expect(hasPermission(routeFor(item.url!)!.auth, [role]), `${role} ${item.url}`).toBe(true)
      }
    }
  })

  it('counts the pages of a long list in its badge', () => {
    const byId = new Map(all.map((item) => [item.id, item]))
    expect(byId.get('auth-pages')!.badge).toEqual({ title: String(byId.get('auth-pages')!.children!.length) })
    expect(byId.get('page-layouts-carded')!.badge!.title).toBe(String(byId.get('page-layouts-carded')!.children!.length))
  })
})

describe('navigation: roles', () => {
  it('gives every staff role the product pages', () => {
    for (const role of ['admin', 'manager', 'technician', 'contractor']) {
      const ids = flattenNavigation(filterNavigation(navigationConfig(), [role])).map((i) => i.id)
      // The sample areas add their own groups; the product pages are there for every staff role.
      expect(ids).toEqual(expect.arrayContaining(['dashboard', 'assets', 'documents', 'opportunities', 'video-chat']))
    }
  })
})

describe('navigation: the product first, the template in one entry', () => {
  it('puts the product pages first and every sample area under "Template"', () => {
    for (const role of ['admin', 'manager', 'technician', 'contractor']) {
      const items = filterNavigation(navigationConfig(), [role])
      expect(items[0].id).toBe('portal')
      // Admins also get the Administration group (issue 19) between the product's pages and the template.
      const expected = role === 'admin' ? ['portal', 'admin', 'divider-template', TEMPLATE_NAV_ID] : ['portal', 'divider-template', TEMPLATE_NAV_ID]
      expect(items.map((i) => i.id)).toEqual(expected)
      const template = flattenNavigation([items[items.length - 1]]).map((i) => i.id)
      expect(template).toEqual(expect.arrayContaining(['mail', 'analytics-dashboard', 'faq', 'icons', 'doc-changelog']))
      expect(template).not.toContain('dashboard')
    }
  })

  it('leaves the template out when an admin hid it for everyone', () => {
    const ids = flattenNavigation(filterNavigation(navigationConfig({ templateHidden: true }), ['contractor'])).map((i) => i.id)
    expect(ids).toEqual(['dashboard', 'assets', 'documents', 'opportunities', 'video-chat'])
  })
})

describe('the console is for admins only', () => {
  const urls = (role: string) => flattenNavigation(filterNavigation(navigationConfig(), [role])).map((item) => item.url)

  it('shows Users and Audit log in the navigation to admins only', () => {
    expect(urls('admin')).toEqual(expect.arrayContaining(['/admin/users', '/admin/audit']))
    for (const role of ['manager', 'technician', 'contractor']) {
      expect(urls(role)).not.toContain('/admin/users')
      expect(urls(role)).not.toContain('/admin/audit')
    }
  })

  it('guards the pages: admin only for the console, every role for the account page', () => {
    const auth = (path: string) => routes.find((route) => route.path === path)?.auth
    for (const role of ['manager', 'technician', 'contractor']) {
      expect(hasPermission(auth('/admin/users'), [role])).toBe(false)
      expect(hasPermission(auth('/admin/audit'), [role])).toBe(false)
      expect(hasPermission(auth('/profile/account'), [role])).toBe(true)
    }
    expect(hasPermission(auth('/admin/audit'), ['admin'])).toBe(true)
  })
})
