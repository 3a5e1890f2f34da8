import { Icon, type IconProps } from '@chakra-ui/react'
import { createElement, type ComponentType } from 'react'

import { AssetIcon, ClipboardCheckIcon, DashboardIcon, DocumentIcon, OpportunityIcon, VideoIcon } from './icons'

/** A stroke icon (24 px grid) drawn inline from its path data. */
function strokeIcon(paths: string[]): ComponentType<IconProps> {
  return function NavStrokeIcon(props: IconProps) {
    const svg = createElement(
      'svg',
      { width: '1em', height: '1em', viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round' },
      ...paths.map((d) => createElement('path', { key: d, d })),
    )
    return createElement(Icon, props, svg)
  }
}

/**
 * The navigation's icons by name: the `icon` of a route registry entry or a navigation section
 * (ui/src/app/routes*.tsx, navigation.ts) is a key here; the shell's NavIcon draws it.
 */
export const NAV_ICONS: Record<string, ComponentType<IconProps>> = {
  'my-work': ClipboardCheckIcon,
  dashboard: DashboardIcon,
  assets: AssetIcon,
  documents: DocumentIcon,
  opportunities: OpportunityIcon,
  video: VideoIcon,
  // The template's applications (issue 7)
  mail: strokeIcon(['M4 4h16a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z', 'M22 6l-10 7L2 6']),
  todo: strokeIcon(['M9 11l3 3L22 4', 'M21 12v7a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h11']),
  notes: strokeIcon(['M14.5 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V7.5z', 'M14 2v6h6', 'M8 13h8', 'M8 17h8', 'M8 9h2']),
  contacts: strokeIcon(['M17 21v-2a4 4 0 0 0-4-4H5a4 4 0 0 0-4 4v2', 'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8z', 'M23 21v-2a4 4 0 0 0-3-3.9', 'M16 3.1a4 4 0 0 1 0 7.8']),
  calendar: strokeIcon(['M3 5h18v16H3z', 'M16 3v4', 'M8 3v4', 'M3 10h18', 'M8 14h2', 'M14 14h2', 'M8 17h2']),
  chat: strokeIcon(['M21 11.5a8.4 8.4 0 0 1-9 8.4 8.5 8.5 0 0 1-3.8-.9L3 21l1.9-5.2A8.4 8.4 0 0 1 12 3a8.4 8.4 0 0 1 9 8.5z']),
  scrumboard: strokeIcon(['M3 3h18v18H3z', 'M9 3v18', 'M15 3v18', 'M5 7h2', 'M11 7h2', 'M17 7h2', 'M11 11h2']),
  'file-manager': strokeIcon(['M22 19a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h5l2 3h9a2 2 0 0 1 2 2z']),
  // The template's other sample pages (issue 8)
  analytics: strokeIcon(['M3 3v18h18', 'M7 15l4-4 3 3 5-6']),
  project: strokeIcon(['M3 7h18v13H3z', 'M8 7V4h8v3', 'M3 12h18']),
  academy: strokeIcon(['M22 9L12 4 2 9l10 5 10-5z', 'M6 11v5c3 2 9 2 12 0v-5', 'M22 9v6']),
  cart: strokeIcon(['M3 3h2l2.4 12.1a2 2 0 0 0 2 1.6h8.7a2 2 0 0 0 2-1.6L22 7H6', 'M9 21h.01', 'M18 21h.01']),
  help: strokeIcon(['M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20z', 'M9.1 9a3 3 0 0 1 5.8 1c0 2-3 3-3 3', 'M12 17h.01']),
  book: strokeIcon(['M4 19.5A2.5 2.5 0 0 1 6.5 17H20V3H6.5A2.5 2.5 0 0 0 4 5.5z', 'M4 19.5A2.5 2.5 0 0 0 6.5 22H20v-5']),
  receipt: strokeIcon(['M5 2h14v20l-3-2-2 2-2-2-2 2-2-2-3 2z', 'M9 7h6', 'M9 11h6', 'M9 15h4']),
  profile: strokeIcon(['M20 21v-2a4 4 0 0 0-4-4H8a4 4 0 0 0-4 4v2', 'M12 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8z']),
  search: strokeIcon(['M11 19a8 8 0 1 0 0-16 8 8 0 0 0 0 16z', 'M21 21l-4.3-4.3']),
  icons: strokeIcon(['M3 3h7v7H3z', 'M17.5 3.5a3.5 3.5 0 1 1 0 7 3.5 3.5 0 0 1 0-7z', 'M6.5 14l3.5 7H3z', 'M14 14h7v7h-7z']),
  typography: strokeIcon(['M4 7V4h16v3', 'M9 20h6', 'M12 4v16']),
  helper: strokeIcon(['M16 18l6-6-6-6', 'M8 6l-6 6 6 6']),
  layouts: strokeIcon(['M3 3h18v18H3z', 'M3 9h18', 'M9 21V9']),
  error: strokeIcon(['M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20z', 'M12 8v4', 'M12 16h.01']),
  rocket: strokeIcon(['M4.5 16.5c-1.5 1.3-2 5-2 5s3.7-.5 5-2c.7-.8.7-2.1-.1-2.9a2.2 2.2 0 0 0-2.9-.1z', 'M12 15l-3-3a22 22 0 0 1 2-3.9A12.9 12.9 0 0 1 22 2c0 2.7-.8 7.5-6 11a22.4 22.4 0 0 1-4 2z', 'M9 12H4s.6-3 2-4c1.6-1.1 5 0 5 0', 'M12 15v5s3-.6 4-2c1.1-1.6 0-5 0-5']),
  lock: strokeIcon(['M5 11h14v10H5z', 'M8 11V7a4 4 0 0 1 8 0v4']),
  components: strokeIcon(['M12 2l4 4-4 4-4-4z', 'M18 8l4 4-4 4-4-4z', 'M6 8l4 4-4 4-4-4z', 'M12 14l4 4-4 4-4-4z']),
  package: strokeIcon(['M16.5 9.4l-9-5.2', 'M21 16V8a2 2 0 0 0-1-1.7l-7-4a2 2 0 0 0-2 0l-7 4A2 2 0 0 0 3 8v8a2 2 0 0 0 1 1.7l7 4a2 2 0 0 0 2 0l7-4a2 2 0 0 0 1-1.7z', 'M3.3 7L12 12l8.7-5', 'M12 22V12']),
  changelog: strokeIcon(['M12 8v4l3 3', 'M3 12a9 9 0 1 0 9-9 9.8 9.8 0 0 0-6.7 2.7L3 8', 'M3 3v5h5']),
  pricing: strokeIcon(['M12 2v20', 'M17 5H9.5a3.5 3.5 0 0 0 0 7h5a3.5 3.5 0 0 1 0 7H6']),
  alarm: strokeIcon(['M12 21a8 8 0 1 0 0-16 8 8 0 0 0 0 16z', 'M12 9v4l2 2', 'M5 3L2 6', 'M22 6l-3-3']),
  build: strokeIcon(['M14.7 6.3a4 4 0 0 0-5.4 5.4L3 18l3 3 6.3-6.3a4 4 0 0 0 5.4-5.4l-2.5 2.5-2.4-.6-.6-2.4z']),
  palette: strokeIcon(['M12 22a10 10 0 1 1 10-10c0 2.8-2.2 4-4 4h-2a2 2 0 0 0-1.5 3.3A2 2 0 0 1 12 22z', 'M7.5 10.5h.01', 'M12 7.5h.01', 'M16.5 10.5h.01']),
  settings: strokeIcon(['M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z', 'M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-2.9 1.2V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-2.9-1.2l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1A1.7 1.7 0 0 0 3 15H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.2-2.9l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1A1.7 1.7 0 0 0 10 4V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 2.9 1.2l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1A1.7 1.7 0 0 0 21 9h.1a2 2 0 1 1 0 4H21a1.7 1.7 0 0 0-1.6 2z']),
  route: strokeIcon(['M6 19a2 2 0 1 0 0-4 2 2 0 0 0 0 4z', 'M18 9a2 2 0 1 0 0-4 2 2 0 0 0 0 4z', 'M6 15V9a4 4 0 0 1 4-4h6', 'M18 9v6a4 4 0 0 1-4 4H8']),
  api: strokeIcon(['M16 18l6-6-6-6', 'M8 6l-6 6 6 6']),
}
