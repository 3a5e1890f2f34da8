/** Recharts tooltips painted with the theme's surfaces. */
export const tooltipStyle = {
  contentStyle: {
    background: 'var(--chakra-colors-bg-panel)',
    border: '1px solid var(--chakra-colors-border)',
    borderRadius: 8,
    color: 'var(--chakra-colors-fg)',
    fontSize: 12,
  },
  labelStyle: { color: 'var(--chakra-colors-fg)' },
  itemStyle: { color: 'var(--chakra-colors-fg)' },
  cursor: { fill: 'currentColor', fillOpacity: 0.06 },
}
