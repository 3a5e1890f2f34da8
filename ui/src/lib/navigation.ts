/**
 * Navigation model (spec section 2 "Shell"): item kinds, role filtering, active state, collapse
 * auto-open, search and shortcuts. Pure functions; the shell renders the result.
 */
import { hasPermission, type AuthSetting } from './auth'

export type NavItemType = 'group' | 'collapse' | 'item' | 'link' | 'divider'

export interface NavBadge {
  title: string
  bg?: string
  fg?: string
}

export interface NavItem {
  id: string
  type: NavItemType
  title?: string
  /** Translation key (only English exists; the title is the English text). */
  translate?: string
  icon?: string
  url?: string
  /** Opens outside the app (an absolute URL); with target '_blank' in a new tab. */
  external?: boolean
  target?: '_blank' | '_self'
  /** Active only when the path equals the url (not for paths below it). */
  exact?: boolean
  badge?: NavBadge
  /** Roles that see the item (undefined/null = everyone). */
  auth?: AuthSetting
  children?: NavItem[]
}

type RoleInput = readonly string[] | string | null | undefined

/**
 * The items a role may see. Items whose auth the role does not satisfy disappear with their
 * children; groups and collapses left with nothing to open disappear too; dividers are kept only
 * between visible entries.
 */
export function filterNavigation(items: readonly NavItem[], role: RoleInput): NavItem[] {
  const visible: NavItem[] = []
  for (const item of items) {
    if (!hasPermission(item.auth ?? null, role)) continue
    if (item.type === 'group' || item.type === 'collapse') {
      const children = filterNavigation(item.children ?? [], role)
      if (!children.some((c) => c.type !== 'divider')) continue
      visible.push({ ...item, children })
    } else {
      visible.push(item)
    }
  }
  // No leading, trailing or doubled dividers.
  return visible.filter(
    (item, i, all) =>
      item.type !== 'divider' || (i > 0 && i < all.length - 1 && all[i - 1].type !== 'divider'),
  )
}

function normalise(path: string): string {
  const bare = path.split(/[?#]/)[0]
  return bare.length > 1 ? bare.replace(/\/+$/, '') : bare
}

/**
 * Spec: an item is active when the current path equals or contains its url (here: the url is the
 * path or a parent segment of it, so /assets is active on /assets/12 but not on /assets-archive);
 * with `exact`, only an equal path counts.
 */
export function isUrlActive(url: string | undefined, pathname: string, exact = false): boolean {
  if (!url) return false
  const target = normalise(url)
  const here = normalise(pathname)
  if (here === target) return true
  if (exact) return false
  return target !== '/' && here.startsWith(`${target}/`)
}

export function isItemActive(item: NavItem, pathname: string): boolean {
  if (item.type !== 'item' && item.type !== 'link') return false
  if (item.external) return false
  return isUrlActive(item.url, pathname, item.exact)
}

/** A collapse opens by itself when one of its descendants matches the path. */
export function hasActiveChild(item: NavItem, pathname: string): boolean {
  return (item.children ?? []).some((child) => isItemActive(child, pathname) || hasActiveChild(child, pathname))
}

/** The ids of the collapses to open for a path (every ancestor collapse of the active item). */
export function collapsesToOpen(items: readonly NavItem[], pathname: string): string[] {
  const open: string[] = []
  const walk = (list: readonly NavItem[]) => {
    for (const item of list) {
      if (item.type === 'collapse' && hasActiveChild(item, pathname)) open.push(item.id)
      if (item.children) walk(item.children)
    }
  }
  walk(items)
  return open
}

/** Every page entry (item or link with a url), depth first, in menu order. */
export function flattenNavigation(items: readonly NavItem[]): NavItem[] {
  const pages: NavItem[] = []
  for (const item of items) {
    if ((item.type === 'item' || item.type === 'link') && item.url) pages.push(item)
    if (item.children) pages.push(...flattenNavigation(item.children))
  }
  return pages
}

export const SEARCH_LIMIT = 10

/**
 * Pages whose title matches every word of the query (case-insensitive), titles starting with the
 * query first, at most `limit` (10). An empty query gives nothing. Pass items already filtered by role.
 */
export function searchNavigation(items: readonly NavItem[], query: string, limit = SEARCH_LIMIT): NavItem[] {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean)
  if (words.length === 0) return []
  const needle = words.join(' ')
  const matches = flattenNavigation(items).filter((item) => {
    const title = (item.title ?? item.id).toLowerCase()
    return words.every((w) => title.includes(w))
  })
  const starts = matches.filter((m) => (m.title ?? m.id).toLowerCase().startsWith(needle))
  const rest = matches.filter((m) => !starts.includes(m))
  return [...starts, ...rest].slice(0, limit)
}

/** Shortcut ids (navigation item ids) resolved to the pages the role may open, in saved order. */
export function resolveShortcuts(items: readonly NavItem[], ids: readonly string[]): NavItem[] {
  const pages = new Map(flattenNavigation(items).map((p) => [p.id, p]))
  return ids.flatMap((id) => {
    const page = pages.get(id)
    return page ? [page] : []
  })
}

export function toggleShortcut(ids: readonly string[], id: string): string[] {
  return ids.includes(id) ? ids.filter((s) => s !== id) : [...ids, id]
}

/** Spec section 9: top level 24 px; nested levels 40 + 16 per level, capped at 80. */
export function navIndent(level: number): number {
  if (level <= 0) return 24
  return Math.min(40 + 16 * level, 80)
}
