/** The page layouts the template offers (/ui/page-layouts/...): the original's 20 and the portal's own tabbed simple ones. */

export type LayoutStyle = 'carded' | 'simple'

export const LAYOUT_STYLES: LayoutStyle[] = ['carded', 'simple']

/** Each style's variants, in the navigation's order. "-2": the content scrolls inside the page; simple "-3": the sidebar sits under the header. */
export const LAYOUT_VARIANTS: Record<LayoutStyle, string[]> = {
  carded: [
    'full-width',
    'full-width-tabbed',
    'full-width-2',
    'full-width-2-tabbed',
    'left-sidebar',
    'left-sidebar-tabbed',
    'left-sidebar-2',
    'left-sidebar-2-tabbed',
    'right-sidebar',
    'right-sidebar-tabbed',
    'right-sidebar-2',
    'right-sidebar-2-tabbed',
  ],
  simple: [
    'full-width',
    'full-width-tabbed',
    'left-sidebar',
    'left-sidebar-tabbed',
    'left-sidebar-2',
    'left-sidebar-3',
    'right-sidebar',
    'right-sidebar-tabbed',
    'right-sidebar-2',
    'right-sidebar-3',
    'tabbed',
  ],
}

export interface LayoutSpec {
  style: LayoutStyle
  variant: string
  sidebar: 'none' | 'left' | 'right'
  tabbed: boolean
  /** "-2": the header stays put and the content (and sidebar) scroll inside the page. */
  innerScroll: boolean
  /** Simple pages: the sidebar beside the header, full height (the template's default), or under it ("-3"). */
  sidebarBesideHeader: boolean
  title: string
  path: string
}

const BASE_TITLES: Record<string, string> = { 'full-width': 'Full width', 'left-sidebar': 'Left sidebar', 'right-sidebar': 'Right sidebar' }

export function variantTitle(variant: string): string {
  if (variant === 'tabbed') return 'Tabbed'
  const match = /^(full-width|left-sidebar|right-sidebar)(?:-([23]))?(-tabbed)?$/.exec(variant)
  if (!match) return variant
  const [, base, number, tabbed] = match
  return `${BASE_TITLES[base!]}${number ? ` ${number}` : ''}${tabbed ? ', tabbed' : ''}`
}

export function layoutSpec(style: string | undefined, variant: string | undefined): LayoutSpec | null {
  if (!LAYOUT_STYLES.includes(style as LayoutStyle) || !variant || !LAYOUT_VARIANTS[style as LayoutStyle].includes(variant)) return null
  const s = style as LayoutStyle
  return {
    style: s,
    variant,
    sidebar: variant.startsWith('left') ? 'left' : variant.startsWith('right') ? 'right' : 'none',
    tabbed: variant.endsWith('tabbed'),
    innerScroll: /-2(-tabbed)?$/.test(variant),
    sidebarBesideHeader: s === 'simple' && !variant.endsWith('-3'),
    title: `${s === 'carded' ? 'Carded' : 'Simple'} · ${variantTitle(variant)}`,
    path: `/ui/page-layouts/${s}/${variant}`,
  }
}

export function allLayouts(): LayoutSpec[] {
  return LAYOUT_STYLES.flatMap((style) => LAYOUT_VARIANTS[style].map((variant) => layoutSpec(style, variant)!))
}
