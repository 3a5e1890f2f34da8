/** The page layouts the template offers (/ui/page-layouts/...). */

export type LayoutStyle = 'carded' | 'simple'
export type LayoutVariant = 'full-width' | 'full-width-tabbed' | 'left-sidebar' | 'left-sidebar-tabbed' | 'right-sidebar' | 'right-sidebar-tabbed'

export const LAYOUT_STYLES: LayoutStyle[] = ['carded', 'simple']
export const LAYOUT_VARIANTS: LayoutVariant[] = ['full-width', 'full-width-tabbed', 'left-sidebar', 'left-sidebar-tabbed', 'right-sidebar', 'right-sidebar-tabbed']

export interface LayoutSpec {
  style: LayoutStyle
  variant: LayoutVariant
  sidebar: 'none' | 'left' | 'right'
  tabbed: boolean
  title: string
  path: string
}

const VARIANT_TITLES: Record<LayoutVariant, string> = {
  'full-width': 'Full width',
  'full-width-tabbed': 'Full width, tabbed',
  'left-sidebar': 'Left sidebar',
  'left-sidebar-tabbed': 'Left sidebar, tabbed',
  'right-sidebar': 'Right sidebar',
  'right-sidebar-tabbed': 'Right sidebar, tabbed',
}

export function layoutSpec(style: string | undefined, variant: string | undefined): LayoutSpec | null {
  if (!LAYOUT_STYLES.includes(style as LayoutStyle) || !LAYOUT_VARIANTS.includes(variant as LayoutVariant)) return null
  const v = variant as LayoutVariant
  return {
    style: style as LayoutStyle,
    variant: v,
    sidebar: v.startsWith('left') ? 'left' : v.startsWith('right') ? 'right' : 'none',
    tabbed: v.endsWith('tabbed'),
    title: `${style === 'carded' ? 'Carded' : 'Simple'} · ${VARIANT_TITLES[v]}`,
    path: `/ui/page-layouts/${style}/${v}`,
  }
}

export function allLayouts(): LayoutSpec[] {
  return LAYOUT_STYLES.flatMap((style) => LAYOUT_VARIANTS.map((variant) => layoutSpec(style, variant)!))
}

export function variantTitle(variant: LayoutVariant): string {
  return VARIANT_TITLES[variant]
}
