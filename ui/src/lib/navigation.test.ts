import { describe, expect, it } from 'vitest'

import {
  collapsesToOpen,
  filterNavigation,
  flattenNavigation,
  hasActiveChild,
  isItemActive,
  isUrlActive,
  navIndent,
  resolveShortcuts,
  searchNavigation,
  toggleShortcut,
  type NavItem,
} from './navigation'

const tree: NavItem[] = [
  {
    id: 'apps',
    type: 'group',
    title: 'Applications',
    children: [
      { id: 'dashboard', type: 'item', title: 'Dashboard', url: '/dashboard', exact: true },
      {
        id: 'records',
        type: 'collapse',
        title: 'Records',
        children: [
          { id: 'assets', type: 'item', title: 'Assets', url: '/assets' },
          {
            id: 'more',
            type: 'collapse',
            title: 'More',
            children: [{ id: 'leads', type: 'item', title: 'Opportunities', url: '/leads' }],
          },
        ],
      },
      { id: 'd1', type: 'divider' },
      { id: 'admin-only', type: 'item', title: 'Users', url: '/admin/users', auth: ['admin'] },
      { id: 'video', type: 'link', title: 'Video Chat', url: 'https://meet.example/', external: true, target: '_blank' },
    ],
  },
  {
    id: 'admin',
    type: 'group',
    title: 'Administration',
    auth: ['admin', 'manager'],
    children: [{ id: 'audit', type: 'item', title: 'Audit log', url: '/admin/audit', auth: ['admin'] }],
  },
]

describe('navigation: active state', () => {
  it('is active on the url and below it, unless exact', () => {
    expect(isUrlActive('/assets', '/assets')).toBe(true)
    expect(isUrlActive('/assets', '/assets/12')).toBe(true)
    expect(isUrlActive('/assets', '/assets/')).toBe(true)
    expect(isUrlActive('/assets', '/assets-archive')).toBe(false)
    expect(isUrlActive('/dashboard', '/dashboard/x', true)).toBe(false)
    expect(isUrlActive('/dashboard', '/dashboard', true)).toBe(true)
    expect(isUrlActive('/', '/assets')).toBe(false)
  })

  it('never marks external links or groups active', () => {
    const [apps] = tree
    const video = apps.children!.find((c) => c.id === 'video')!
    expect(isItemActive(video, '/')).toBe(false)
    expect(isItemActive(apps, '/dashboard')).toBe(false)
  })

  it('opens collapses (and nested ones) whose child matches', () => {
    const records = tree[0].children![1]
    expect(hasActiveChild(records, '/leads/4')).toBe(true)
    expect(hasActiveChild(records, '/dashboard')).toBe(false)
    expect(collapsesToOpen(tree, '/leads/4')).toEqual(['records', 'more'])
    expect(collapsesToOpen(tree, '/assets')).toEqual(['records'])
    expect(collapsesToOpen(tree, '/documents')).toEqual([])
  })
})

describe('navigation: roles', () => {
  it('hides items the role may not see, and empty groups', () => {
    const technician = filterNavigation(tree, ['technician'])
    expect(technician.map((i) => i.id)).toEqual(['apps'])
    expect(flattenNavigation(technician).map((i) => i.id)).toEqual(['dashboard', 'assets', 'leads', 'video'])
    // Administration is visible to a manager only if something inside is: here nothing.
    expect(filterNavigation(tree, ['manager']).map((i) => i.id)).toEqual(['apps'])
    expect(flattenNavigation(filterNavigation(tree, ['admin'])).map((i) => i.id)).toContain('audit')
  })

  it('drops dividers left at the edges', () => {
    const items: NavItem[] = [
      { id: 'd0', type: 'divider' },
      { id: 'a', type: 'item', title: 'A', url: '/a' },
      { id: 'd1', type: 'divider' },
      { id: 'b', type: 'item', title: 'B', url: '/b', auth: ['admin'] },
    ]
    expect(filterNavigation(items, ['contractor']).map((i) => i.id)).toEqual(['a'])
    expect(filterNavigation(items, ['admin']).map((i) => i.id)).toEqual(['a', 'd1', 'b'])
  })

})

describe('navigation: search and shortcuts', () => {
  const many: NavItem[] = Array.from({ length: 14 }, (_, i) => ({
    id: `p${i}`,
    type: 'item' as const,
    title: `Page ${i}`,
    url: `/p/${i}`,
  }))

  it('suggests at most 10 pages, title prefix first', () => {
    expect(searchNavigation(many, 'page')).toHaveLength(10)
    expect(searchNavigation(many, '  ')).toEqual([])
    expect(searchNavigation(many, 'nothing like this')).toEqual([])
    const visible = filterNavigation(tree, ['technician'])
    expect(searchNavigation(visible, 'opp').map((i) => i.id)).toEqual(['leads'])
    expect(searchNavigation(visible, 'users')).toEqual([]) // admin only
    const items: NavItem[] = [
      { id: 'x', type: 'item', title: 'Video Chat', url: '/x' },
      { id: 'y', type: 'item', title: 'Chat', url: '/y' },
    ]
    expect(searchNavigation(items, 'chat').map((i) => i.id)).toEqual(['y', 'x'])
  })

  it('resolves and toggles shortcuts', () => {
    expect(resolveShortcuts(tree, ['leads', 'gone', 'dashboard']).map((i) => i.id)).toEqual(['leads', 'dashboard'])
    expect(toggleShortcut(['a', 'b'], 'a')).toEqual(['b'])
    expect(toggleShortcut(['a'], 'b')).toEqual(['a', 'b'])
  })

  it('indents nested levels 40 + 16 per level, capped at 80', () => {
    expect(navIndent(0)).toBe(24)
    expect(navIndent(1)).toBe(56)
    expect(navIndent(2)).toBe(72)
    expect(navIndent(3)).toBe(80)
    expect(navIndent(6)).toBe(80)
  })
})
