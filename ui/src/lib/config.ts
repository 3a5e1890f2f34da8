/** Runtime configuration, set by /config.js (served next to index.html) before the app loads. */
export interface PortalConfig {
  apiBase: string
}

declare global {
  interface Window {
    PORTAL_CONFIG?: Partial<PortalConfig>
  }
}

export const DEFAULT_API_BASE = 'http://localhost:5000'

export function getConfig(): PortalConfig {
  const runtime = typeof window === 'undefined' ? undefined : window.PORTAL_CONFIG
  const apiBase =
    typeof runtime?.apiBase === 'string' && runtime.apiBase.trim() !== ''
      ? runtime.apiBase.trim()
      : DEFAULT_API_BASE
  return { apiBase: apiBase.replace(/\/+$/, '') }
}
