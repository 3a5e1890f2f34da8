import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react'

/** The portal's Chakra system: the default theme plus the brand palette (teal/cyan). */
const config = defineConfig({
  globalCss: {
    'html, body': { minHeight: '100%' },
    body: { bg: 'bg', color: 'fg' },
    // Settings panel: Animations off.
    'html.portal-no-animations *, html.portal-no-animations *::before, html.portal-no-animations *::after': {
      transition: 'none !important',
      animation: 'none !important',
    },
    // Settings panel: Custom Scrollbars on (thin, theme-coloured).
    'html.portal-custom-scrollbars, html.portal-custom-scrollbars *': {
      scrollbarWidth: 'thin',
      scrollbarColor: 'var(--chakra-colors-border-emphasized, #3f3f46) transparent',
    },
  },
  theme: {
    keyframes: {
      // A row or card that changed elsewhere glows briefly.
      portalFlash: {
        from: { backgroundColor: 'rgba(45, 212, 191, 0.28)' },
        to: { backgroundColor: 'transparent' },
      },
    },
    tokens: {
      colors: {
        brand: {
          50: { value: '#f0fdfa' },
          100: { value: '#ccfbf1' },
          200: { value: '#99f6e4' },
          300: { value: '#5eead4' },
          400: { value: '#2dd4bf' },
          500: { value: '#14b8a6' },
          600: { value: '#0d9488' },
          700: { value: '#0f766e' },
          800: { value: '#115e59' },
          900: { value: '#134e4a' },
          950: { value: '#042f2e' },
        },
      },
    },
    semanticTokens: {
      colors: {
        brand: {
          solid: { value: { _light: '{colors.brand.600}', _dark: '{colors.brand.400}' } },
          contrast: { value: { _light: 'white', _dark: '{colors.brand.950}' } },
          fg: { value: { _light: '{colors.brand.700}', _dark: '{colors.brand.300}' } },
          muted: { value: { _light: '{colors.brand.100}', _dark: '{colors.brand.900}' } },
          subtle: { value: { _light: '{colors.brand.200}', _dark: '{colors.brand.800}' } },
          emphasized: { value: { _light: '{colors.brand.300}', _dark: '{colors.brand.700}' } },
          focusRing: { value: { _light: '{colors.brand.500}', _dark: '{colors.brand.400}' } },
        },
      },
    },
  },
})

export const system = createSystem(defaultConfig, config)
