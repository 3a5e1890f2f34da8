import { Box, type BoxProps } from '@chakra-ui/react'
import { forwardRef } from 'react'

import { THEMES, type ThemeId } from '@/data/settings'

import { themeVars } from './theme-vars'

/** A part of the shell (navbar, toolbar, footer) painted with its own named theme. */
export const ThemeScope = forwardRef<HTMLDivElement, BoxProps & { theme: ThemeId }>(function ThemeScope(
  { theme, className, style, ...rest },
  ref,
) {
  const t = THEMES[theme]
  return (
    <Box
      ref={ref}
      className={['chakra-theme', t.mode, className].filter(Boolean).join(' ')}
      style={{ ...themeVars(theme), ...style }}
      color="fg"
      data-theme={theme}
      {...rest}
    />
  )
})

