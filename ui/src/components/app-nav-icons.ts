import { Icon, type IconProps } from '@chakra-ui/react'
import { createElement, type ComponentType } from 'react'

/** Stroke icons (24 px grid) of the 'Applications' navigation entries (issue 7), drawn inline. */
function strokeIcon(paths: string[]): ComponentType<IconProps> {
  return function AppIcon(props: IconProps) {
    const svg = createElement(
      'svg',
      { viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round' },
      ...paths.map((d) => createElement('path', { key: d, d })),
    )
    return createElement(Icon, props, svg)
  }
}

/** Navigation icon names -> icons; the shell's NavIcon looks names up here too. */
export const APP_NAV_ICONS: Record<string, ComponentType<IconProps>> = {
  mail: strokeIcon(['M4 4h16a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z', 'M22 6l-10 7L2 6']),
  todo: strokeIcon(['M9 11l3 3L22 4', 'M21 12v7a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h11']),
  notes: strokeIcon(['M14.5 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V7.5z', 'M14 2v6h6', 'M8 13h8', 'M8 17h8', 'M8 9h2']),
  contacts: strokeIcon(['M17 21v-2a4 4 0 0 0-4-4H5a4 4 0 0 0-4 4v2', 'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8z', 'M23 21v-2a4 4 0 0 0-3-3.9', 'M16 3.1a4 4 0 0 1 0 7.8']),
  calendar: strokeIcon(['M3 5h18v16H3z', 'M16 3v4', 'M8 3v4', 'M3 10h18', 'M8 14h2', 'M14 14h2', 'M8 17h2']),
  chat: strokeIcon(['M21 11.5a8.4 8.4 0 0 1-9 8.4 8.5 8.5 0 0 1-3.8-.9L3 21l1.9-5.2A8.4 8.4 0 0 1 12 3a8.4 8.4 0 0 1 9 8.5z']),
  scrumboard: strokeIcon(['M3 3h18v18H3z', 'M9 3v18', 'M15 3v18', 'M5 7h2', 'M11 7h2', 'M17 7h2', 'M11 11h2']),
  'file-manager': strokeIcon(['M22 19a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h5l2 3h9a2 2 0 0 1 2 2z']),
}
