import { createSystem, defaultBaseConfig } from '@chakra-ui/react'
import { defaultThemeConfig } from '@chakra-ui/react/theme'

import { brandConfig } from './theme'

/** The full system: Chakra's default theme with every recipe, plus the brand (loaded with the pages). */
export const fullSystem = createSystem(defaultBaseConfig, defaultThemeConfig, brandConfig)
