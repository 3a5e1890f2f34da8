import type { ReactNode } from 'react'
import { createPortal } from 'react-dom'

const PRINT_CSS = `
@media screen { [data-print-portal] { display: none !important; } }
@media print {
  body > *:not([data-print-portal]) { display: none !important; }
  html, body { background: #ffffff !important; height: auto !important; overflow: visible !important; }
  [data-print-portal] { display: block !important; }
  @page { margin: 14mm; }
}`

/**
 * What the browser prints while this is mounted: `children`, alone, on white paper (the shell and
 * the page around it are left out). On screen it shows nothing.
 */
export function PrintPortal({ children }: { children: ReactNode }) {
  return createPortal(
    <div data-print-portal="" className="chakra-theme light" style={{ colorScheme: 'light', background: '#ffffff', color: '#111827' }}>
      <style>{PRINT_CSS}</style>
      {children}
    </div>,
    document.body,
  )
}
