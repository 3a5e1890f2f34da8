/**
 * Which icon names the bundled Material Icons font draws (by ligature). A name the font does not
 * know would be drawn as its letters, a ligature is one glyph about 1em wide: the canvas tells.
 */
export const ICON_FONT = '"Material Icons"'

export async function drawableNames(names: readonly string[], size = 24): Promise<Set<string>> {
  if (typeof document === 'undefined' || !document.fonts) return new Set()
  await document.fonts.load(`${size}px ${ICON_FONT}`, 'home')
  const canvas = document.createElement('canvas')
  const context = canvas.getContext('2d')
  if (!context) return new Set()
  context.font = `${size}px ${ICON_FONT}`
  return new Set(names.filter((name) => context.measureText(name).width <= size * 1.25))
}
