import { useEffect, type CSSProperties } from 'react'

import { DEFAULT_SETTINGS, THEMES, type Settings, type ThemeId } from '@/data/settings'

/** CSS variables that repaint Chakra's semantic surfaces with a named theme. */
export function themeVars(id: ThemeId): CSSProperties {
  const t = THEMES[id]
  return {
    '--chakra-colors-bg': t.bg,
    '--chakra-colors-bg-panel': t.panel,
    '--chakra-colors-bg-subtle': t.subtle,
    '--chakra-colors-border': t.border,
    '--chakra-colors-border-muted': t.border,
    '--portal-accent': t.accent,
    colorScheme: t.mode,
  } as CSSProperties
}

const ROOT_VARS = Object.keys(themeVars('dark'))

/**
 * Puts the main theme, the direction, animations and scrollbars on <html> while the shell is
 * shown, and restores the defaults (dark, LTR) when it goes (the sign-in page keeps its look).
 */
export function useDocumentSettings(settings: Settings): void {
  const { theme, direction, animations, customScrollbars } = settings
  useEffect(() => {
    const root = document.documentElement
    const t = THEMES[theme.main]
    root.classList.remove('dark', 'light')
    root.classList.add(t.mode)
    root.style.colorScheme = t.mode
    for (const [key, value] of Object.entries(themeVars(theme.main))) {
      if (key.startsWith('--')) root.style.setProperty(key, String(value))
    }
    root.dir = direction
    root.classList.toggle('portal-no-animations', !animations)
    root.classList.toggle('portal-custom-scrollbars', customScrollbars)
    return () => {
      const d = THEMES[DEFAULT_SETTINGS.theme.main]
      root.classList.remove('light', 'portal-no-animations', 'portal-custom-scrollbars')
      root.classList.add(d.mode)
      root.style.colorScheme = d.mode
      for (const key of ROOT_VARS) if (key.startsWith('--')) root.style.removeProperty(key)
      root.dir = 'ltr'
    }
  }, [theme.main, direction, animations, customScrollbars])
}
