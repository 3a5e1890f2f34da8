import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react'
// Chakra's default theme, module by module (as its theme/index.js assembles it). Not through
// '@chakra-ui/react/theme': that module imports every recipe, and the bundler would put them all
// in the start chunk. theme.test.ts checks this assembly equals Chakra's own.
import { breakpoints } from '@chakra-theme/breakpoints'
import { globalCss } from '@chakra-theme/global-css'
import { layerStyles } from '@chakra-theme/layer-styles'
import { animationStyles } from '@chakra-theme/motion-styles'
import { alertSlotRecipe } from '@chakra-theme/recipes/alert'
import { buttonRecipe } from '@chakra-theme/recipes/button'
import { checkboxSlotRecipe } from '@chakra-theme/recipes/checkbox'
import { checkmarkRecipe } from '@chakra-theme/recipes/checkmark'
import { fieldSlotRecipe } from '@chakra-theme/recipes/field'
import { headingRecipe } from '@chakra-theme/recipes/heading'
import { iconRecipe } from '@chakra-theme/recipes/icon'
import { inputRecipe } from '@chakra-theme/recipes/input'
import { spinnerRecipe } from '@chakra-theme/recipes/spinner'
import { semanticColors } from '@chakra-theme/semantic-tokens/colors'
import { semanticRadii } from '@chakra-theme/semantic-tokens/radii'
import { semanticShadows } from '@chakra-theme/semantic-tokens/shadows'
import { textStyles } from '@chakra-theme/text-styles'
import { animations } from '@chakra-theme/tokens/animations'
import { aspectRatios } from '@chakra-theme/tokens/aspect-ratios'
import { blurs } from '@chakra-theme/tokens/blurs'
import { borders } from '@chakra-theme/tokens/borders'
import { colors } from '@chakra-theme/tokens/colors'
import { cursor } from '@chakra-theme/tokens/cursor'
import { durations } from '@chakra-theme/tokens/durations'
import { easings } from '@chakra-theme/tokens/easings'
import { fontSizes } from '@chakra-theme/tokens/font-sizes'
import { fontWeights } from '@chakra-theme/tokens/font-weights'
import { fonts } from '@chakra-theme/tokens/fonts'
import { keyframes } from '@chakra-theme/tokens/keyframes'
import { letterSpacings } from '@chakra-theme/tokens/letter-spacing'
import { lineHeights } from '@chakra-theme/tokens/line-heights'
import { radii } from '@chakra-theme/tokens/radius'
import { sizes } from '@chakra-theme/tokens/sizes'
import { spacing } from '@chakra-theme/tokens/spacing'
import { zIndices } from '@chakra-theme/tokens/z-indices'

/*
 * The portal's Chakra systems. Chakra's default theme holds ~80 component recipes (about 25 KB
 * gzipped); /login needs a handful. So the first paint uses a "start" system with the default
 * tokens, global styles and only the recipes of the sign-in page, splash, page loader and error
 * page, and the full system (theme-full.ts) arrives with every other page (see app/theme-system.ts).
 * Both render identical CSS for what they share; theme.test.tsx checks that, and that nothing on
 * the start pages asks for a recipe the start system lacks.
 */

/** Brand palette (teal/cyan) and the portal's global styles, on top of Chakra's defaults. */
export const brandConfig = defineConfig({
  globalCss: {
    'html, body': { minHeight: '100%' },
    body: { bg: 'bg', color: 'fg' },
    // Keyboard users always see where they are (every focusable element, every theme).
    ':focus-visible': {
      outline: '2px solid var(--chakra-colors-brand-solid, #2dd4bf)',
      outlineOffset: '2px',
    },
    // The system's "reduce motion" is honoured even where the settings panel still has animations on.
    '*, *::before, *::after': {
      '@media (prefers-reduced-motion: reduce)': {
        animationDuration: '0.01ms !important',
        animationIterationCount: '1 !important',
        transitionDuration: '0.01ms !important',
        scrollBehavior: 'auto !important',
      },
    },
    // The skip link: out of sight until a keyboard user tabs to it.
    '.portal-skip-link': {
      position: 'absolute',
      insetInlineStart: '2',
      top: '-40',
      zIndex: 'max',
      px: '4',
      py: '2',
      borderRadius: 'md',
      bg: 'brand.solid',
      color: 'brand.contrast',
      fontWeight: 'semibold',
    },
    '.portal-skip-link:focus, .portal-skip-link:focus-visible': { top: '2' },
    // A list row or card that changed elsewhere glows briefly (data-flash, Glow in record-table.tsx):
    // a tinted layer over it fades out. Only its opacity is animated, which the compositor does on its
    // own: animating the row's background instead repainted the table on every frame for 2.5 s, and a
    // push arriving meanwhile waited behind those paints. The layer is an element keyed by the push,
    // so a new push restarts it without remounting (and restyling, relaying out) the whole row.
    '[data-flash]': { position: 'relative' },
    '.portal-glow': {
      position: 'absolute',
      inset: '0',
      pointerEvents: 'none',
      borderRadius: 'inherit',
      backgroundColor: 'rgba(45, 212, 191, 0.28)',
      opacity: 0,
      animation: 'portalFlashFade 2.5s ease-out',
    },
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
      portalFlashFade: {
        from: { opacity: 1 },
        to: { opacity: 0 },
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
          // Light: white text on brand.700 and brand.800 text on brand.200 meet WCAG AA (4.5:1).
          solid: { value: { _light: '{colors.brand.700}', _dark: '{colors.brand.400}' } },
          contrast: { value: { _light: 'white', _dark: '{colors.brand.950}' } },
          fg: { value: { _light: '{colors.brand.800}', _dark: '{colors.brand.300}' } },
          muted: { value: { _light: '{colors.brand.100}', _dark: '{colors.brand.900}' } },
          subtle: { value: { _light: '{colors.brand.200}', _dark: '{colors.brand.800}' } },
          emphasized: { value: { _light: '{colors.brand.300}', _dark: '{colors.brand.700}' } },
          focusRing: { value: { _light: '{colors.brand.500}', _dark: '{colors.brand.400}' } },
        },
        // Chakra's fg.subtle (gray.400 / gray.500) falls under 4.5:1 on both backgrounds; small print must be read too.
        fg: {
          subtle: { value: { _light: '{colors.gray.600}', _dark: '{colors.gray.400}' } },
        },
      },
    },
  },
})

/** Chakra's default theme (`defaultThemeConfig`) without its component recipes. */
export const defaultThemeWithoutRecipes = defineConfig({
  preflight: true,
  cssVarsPrefix: 'chakra',
  cssVarsRoot: ':where(html, .chakra-theme)',
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens: {
      aspectRatios,
      animations,
      blurs,
      borders,
      colors,
      durations,
      easings,
      fonts,
      fontSizes,
      fontWeights,
      letterSpacings,
      lineHeights,
      radii,
      spacing,
      sizes,
      zIndex: zIndices,
      cursor,
    },
    semanticTokens: { colors: semanticColors, shadows: semanticShadows, radii: semanticRadii },
    textStyles,
    layerStyles,
    animationStyles,
  },
})

/** The recipes the start pages use: sign-in form, splash, logout, page loader, route error. */
export const startRecipes = defineConfig({
  theme: {
    recipes: {
      button: buttonRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      input: inputRecipe,
      spinner: spinnerRecipe,
      checkmark: checkmarkRecipe,
    },
    slotRecipes: { alert: alertSlotRecipe, checkbox: checkboxSlotRecipe, field: fieldSlotRecipe },
  },
})

export const startSystem = createSystem(defaultBaseConfig, defaultThemeWithoutRecipes, brandConfig, startRecipes)
