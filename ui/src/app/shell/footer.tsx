import type { ThemeId } from '@/data/settings'

import { ThemeScope } from './theme'

/** Spec: the footer is empty apart from its theme background. */
export function Footer({ theme, sticky }: { theme: ThemeId; sticky: boolean }) {
  return (
    <ThemeScope
      theme={theme}
      as="footer"
      h="12"
      flexShrink={0}
      bg="bg.panel"
      borderTopWidth="1px"
      borderColor="border.muted"
      position={sticky ? 'sticky' : 'relative'}
      bottom="0"
      zIndex="docked"
      data-testid="footer"
    />
  )
}
