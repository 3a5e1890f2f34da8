/**
 * Shell settings (spec sections 2, 3 and 9): layout style and per-style options, themes for
 * main / navbar / toolbar / footer, direction, animations, custom scrollbars.
 *
 * Saved to the user with PATCH /me {settings} as this JSON (version 1):
 * {
 *   "version": 1,
 *   "layout": { "style": "layout1" | "layout2" | "layout3", "config": LayoutConfig },
 *   "theme": { "main": ThemeId, "navbar": ThemeId, "toolbar": ThemeId, "footer": ThemeId },
 *   "direction": "ltr" | "rtl",
 *   "animations": boolean,
 *   "customScrollbars": boolean,
 *   "navigation": { "templateOpen": boolean }
 * }
 * Whatever is stored is merged over the defaults value by value (`mergeSettings`): unknown keys
 * and invalid values are dropped, so an old or hand-edited document never breaks the shell.
 */
import { atom } from 'jotai'

export const LAYOUT_STYLES = ['layout1', 'layout2', 'layout3'] as const
export type LayoutStyle = (typeof LAYOUT_STYLES)[number]

export const LAYOUT_MODES = ['fullwidth', 'boxed', 'container'] as const
export type LayoutMode = (typeof LAYOUT_MODES)[number]

/** The toolbar's or the footer's settings. fixed: stays put while the page scrolls; position above: spans the navbar too. */
export interface BarConfig {
  display: boolean
  style: 'fixed' | 'static'
  position: 'above' | 'below'
}

/** The two bars that share the same settings. */
export const BARS = ['toolbar', 'footer'] as const

export interface LayoutConfig {
  /** fullwidth: edge to edge; boxed: the whole frame is centred at 1280 (layout3: 1120); container: only the page content is. */
  mode: LayoutMode
  /** Which area scrolls: the content beside the navbar, or the whole page. */
  scroll: 'content' | 'body'
  navbar: { display: boolean; folded: boolean; position: 'left' | 'right' }
  toolbar: BarConfig
  footer: BarConfig
  leftSidePanel: { display: boolean }
  rightSidePanel: { display: boolean }
}

export const THEME_IDS = ['dark', 'midnight', 'graphite', 'forest', 'light', 'paper'] as const
export type ThemeId = (typeof THEME_IDS)[number]

export interface ThemeSettings {
  main: ThemeId
  navbar: ThemeId
  toolbar: ThemeId
  footer: ThemeId
}

export interface Settings {
  version: 1
  layout: { style: LayoutStyle; config: LayoutConfig }
  theme: ThemeSettings
  direction: 'ltr' | 'rtl'
  animations: boolean
  customScrollbars: boolean
  /** The navigation's "Template" group (the sample areas) open or collapsed: each user's choice. */
  navigation: { templateOpen: boolean }
}

/** The option groups each layout style offers (the settings panel shows only these). */
export interface LayoutOptions {
  modes: readonly LayoutMode[]
  scroll: boolean
  navbar: { display: boolean; folded: boolean; position: boolean }
  toolbar: { display: boolean; style: boolean; position: boolean }
  footer: { display: boolean; style: boolean; position: boolean }
  sidePanels: boolean
}

export const LAYOUTS: Record<LayoutStyle, { title: string; description: string; defaults: LayoutConfig; options: LayoutOptions; boxedWidth: number }> = {
  layout1: {
    title: 'Vertical navigation',
    description: 'Navbar at the side, toolbar and footer beside it.',
    boxedWidth: 1280,
    defaults: {
      mode: 'fullwidth',
      scroll: 'content',
      navbar: { display: true, folded: false, position: 'left' },
      toolbar: { display: true, style: 'fixed', position: 'below' },
      footer: { display: true, style: 'fixed', position: 'below' },
      leftSidePanel: { display: true },
      rightSidePanel: { display: true },
    },
    options: {
      modes: ['fullwidth', 'boxed', 'container'],
      scroll: true,
      navbar: { display: true, folded: true, position: true },
      toolbar: { display: true, style: true, position: true },
      footer: { display: true, style: true, position: true },
      sidePanels: true,
    },
  },
  layout2: {
    title: 'Horizontal navigation',
    description: 'Toolbar on top, navigation bar under it.',
    boxedWidth: 1280,
    defaults: {
      mode: 'container',
      scroll: 'body',
      navbar: { display: true, folded: false, position: 'left' },
      toolbar: { display: true, style: 'fixed', position: 'below' },
      footer: { display: true, style: 'static', position: 'below' },
      leftSidePanel: { display: true },
      rightSidePanel: { display: true },
    },
    options: {
      modes: ['fullwidth', 'boxed', 'container'],
      scroll: false,
      navbar: { display: true, folded: false, position: false },
      toolbar: { display: true, style: true, position: false },
      footer: { display: true, style: true, position: false },
      sidePanels: false,
    },
  },
  layout3: {
    title: 'Horizontal, boxed',
    description: 'Like layout 2, in a narrower 1120 px box.',
    boxedWidth: 1120,
    defaults: {
      mode: 'boxed',
      scroll: 'body',
      navbar: { display: true, folded: false, position: 'left' },
      toolbar: { display: true, style: 'static', position: 'above' },
      footer: { display: true, style: 'static', position: 'above' },
      leftSidePanel: { display: true },
      rightSidePanel: { display: true },
    },
    options: {
      modes: ['fullwidth', 'boxed'],
      scroll: false,
      navbar: { display: true, folded: false, position: false },
      toolbar: { display: true, style: false, position: true },
      footer: { display: true, style: false, position: true },
      sidePanels: false,
    },
  },
}

export interface ThemeDefinition {
  id: ThemeId
  title: string
  mode: 'dark' | 'light'
  /** Page background, raised surfaces, borders, accent. */
  bg: string
  panel: string
  subtle: string
  border: string
  accent: string
}

export const THEMES: Record<ThemeId, ThemeDefinition> = {
  dark: { id: 'dark', title: 'Dark', mode: 'dark', bg: '#09090b', panel: '#111113', subtle: '#18181b', border: '#27272a', accent: '#2dd4bf' },
  midnight: { id: 'midnight', title: 'Midnight', mode: 'dark', bg: '#0b1120', panel: '#111a2e', subtle: '#16213a', border: '#1f2b47', accent: '#38bdf8' },
  graphite: { id: 'graphite', title: 'Graphite', mode: 'dark', bg: '#1c1c1f', panel: '#242428', subtle: '#2c2c31', border: '#3a3a40', accent: '#a78bfa' },
  forest: { id: 'forest', title: 'Forest', mode: 'dark', bg: '#07150f', panel: '#0d1f17', subtle: '#12291f', border: '#1d3a2c', accent: '#4ade80' },
  light: { id: 'light', title: 'Light', mode: 'light', bg: '#ffffff', panel: '#ffffff', subtle: '#f4f4f5', border: '#e4e4e7', accent: '#0d9488' },
  paper: { id: 'paper', title: 'Paper', mode: 'light', bg: '#f6f5f1', panel: '#fffdf8', subtle: '#efede6', border: '#dedad0', accent: '#b45309' },
}

export const DEFAULT_SETTINGS: Settings = {
  version: 1,
  layout: { style: 'layout1', config: LAYOUTS.layout1.defaults },
  theme: { main: 'dark', navbar: 'dark', toolbar: 'dark', footer: 'dark' },
  direction: 'ltr',
  animations: true,
  customScrollbars: true,
  navigation: { templateOpen: false },
}

function prefers(query: string): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(query).matches
}

/**
 * The defaults for a user who never chose: the system's colour scheme (a light system gets the
 * light theme) and its reduced-motion wish (animations off). What the user chose always wins.
 */
export function systemDefaultSettings(): Settings {
  const light = prefers('(prefers-color-scheme: light)')
  return {
    ...DEFAULT_SETTINGS,
    theme: light ? { main: 'light', navbar: 'light', toolbar: 'light', footer: 'light' } : DEFAULT_SETTINGS.theme,
    animations: !prefers('(prefers-reduced-motion: reduce)'),
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

function pick<T extends string>(value: unknown, allowed: readonly T[], fallback: T): T {
  return typeof value === 'string' && (allowed as readonly string[]).includes(value) ? (value as T) : fallback
}

function bool(value: unknown, fallback: boolean): boolean {
  return typeof value === 'boolean' ? value : fallback
}

function section(value: unknown): Record<string, unknown> {
  return isObject(value) ? value : {}
}

/** A layout config: every value taken from `raw` when valid, else from the style's defaults. */
export function mergeLayoutConfig(style: LayoutStyle, raw: unknown): LayoutConfig {
  const d = LAYOUTS[style].defaults
  const options = LAYOUTS[style].options
  const r = section(raw)
  const navbar = section(r.navbar)
  const bar = (part: (typeof BARS)[number]): BarConfig => {
    const raw = section(r[part])
    return {
      display: bool(raw.display, d[part].display),
      style: pick(raw.style, ['fixed', 'static'] as const, d[part].style),
      position: pick(raw.position, ['above', 'below'] as const, d[part].position),
    }
  }
  return {
    mode: pick(r.mode, options.modes, d.mode),
    scroll: pick(r.scroll, ['content', 'body'] as const, d.scroll),
    navbar: {
      display: bool(navbar.display, d.navbar.display),
      folded: bool(navbar.folded, d.navbar.folded),
      position: pick(navbar.position, ['left', 'right'] as const, d.navbar.position),
    },
    toolbar: bar('toolbar'),
    footer: bar('footer'),
    leftSidePanel: { display: bool(section(r.leftSidePanel).display, d.leftSidePanel.display) },
    rightSidePanel: { display: bool(section(r.rightSidePanel).display, d.rightSidePanel.display) },
  }
}

/** The settings to use: what the user saved, value by value over the defaults. */
export function mergeSettings(raw: unknown, defaults: Settings = DEFAULT_SETTINGS): Settings {
  const r = section(raw)
  const layout = section(r.layout)
  const style = pick(layout.style, LAYOUT_STYLES, defaults.layout.style)
  const baseConfig = style === defaults.layout.style ? defaults.layout.config : LAYOUTS[style].defaults
  const theme = section(r.theme)
  return {
    version: 1,
    layout: { style, config: mergeLayoutConfig(style, { ...baseConfig, ...section(layout.config) }) },
    theme: {
      main: pick(theme.main, THEME_IDS, defaults.theme.main),
      navbar: pick(theme.navbar, THEME_IDS, defaults.theme.navbar),
      toolbar: pick(theme.toolbar, THEME_IDS, defaults.theme.toolbar),
      footer: pick(theme.footer, THEME_IDS, defaults.theme.footer),
    },
    direction: pick(r.direction, ['ltr', 'rtl'] as const, defaults.direction),
    animations: bool(r.animations, defaults.animations),
    customScrollbars: bool(r.customScrollbars, defaults.customScrollbars),
    navigation: { templateOpen: bool(section(r.navigation).templateOpen, defaults.navigation.templateOpen) },
  }
}

/** A change from the settings panel; nested objects are merged, not replaced. */
export interface SettingsPatch {
  layout?: { style?: LayoutStyle; config?: DeepPartial<LayoutConfig> }
  theme?: Partial<ThemeSettings>
  direction?: Settings['direction']
  animations?: boolean
  customScrollbars?: boolean
  navigation?: Partial<Settings['navigation']>
}

type DeepPartial<T> = { [K in keyof T]?: T[K] extends object ? DeepPartial<T[K]> : T[K] }

/**
 * Applies a panel change. Choosing another layout style starts from that style's defaults
 * (options differ per style); other changes keep everything else.
 */
export function applySettingsPatch(current: Settings, patch: SettingsPatch): Settings {
  const style = patch.layout?.style ?? current.layout.style
  const styleChanged = style !== current.layout.style
  const base = styleChanged ? LAYOUTS[style].defaults : current.layout.config
  const c = patch.layout?.config ?? {}
  const config = mergeLayoutConfig(style, {
    ...base,
    ...c,
    navbar: { ...base.navbar, ...c.navbar },
    toolbar: { ...base.toolbar, ...c.toolbar },
    footer: { ...base.footer, ...c.footer },
    leftSidePanel: { ...base.leftSidePanel, ...c.leftSidePanel },
    rightSidePanel: { ...base.rightSidePanel, ...c.rightSidePanel },
  })
  return mergeSettings({
    ...current,
    layout: { style, config },
    theme: { ...current.theme, ...patch.theme },
    direction: patch.direction ?? current.direction,
    animations: patch.animations ?? current.animations,
    customScrollbars: patch.customScrollbars ?? current.customScrollbars,
    navigation: { ...current.navigation, ...patch.navigation },
  })
}

/** The settings in force for the signed-in user (the shell fills it from /me and saves changes). */
export const settingsAtom = atom<Settings>(DEFAULT_SETTINGS)
