/** Recharts tooltips painted with the theme's surfaces (`themedTooltip` keeps the series' own item colours). */
export const themedTooltip = {
  contentStyle: {
    background: 'var(--chakra-colors-bg-panel)',
    border: '1px solid var(--chakra-colors-border)',
    borderRadius: 8,
    color: 'var(--chakra-colors-fg)',
    fontSize: 12,
  },
  cursor: { fill: 'currentColor', fillOpacity: 0.06 },
}

/** Recharts tooltips painted with the theme's surfaces, labels and items in the text colour. */
export const tooltipStyle = {
  ...themedTooltip,
  labelStyle: { color: 'var(--chakra-colors-fg)' },
  itemStyle: { color: 'var(--chakra-colors-fg)' },
}
