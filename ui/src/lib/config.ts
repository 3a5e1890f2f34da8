/** Runtime configuration, set by /config.js (served next to index.html) before the app loads. */
export interface PortalConfig {
  apiBase: string
  /** Where the navigation's external 'Video Chat' link points (opens in a new tab). */
  videoChatUrl: string
  /** Company sign-in (OpenID Connect): the provider's name for "Sign in with …"; absent when it is off. */
  oidcName?: string
}

declare global {
  interface Window {
    PORTAL_CONFIG?: Partial<PortalConfig>
  }
}

export const DEFAULT_API_BASE = 'http://localhost:5000'
export const DEFAULT_VIDEO_CHAT_URL = 'https://meet.jit.si/'

export function getConfig(): PortalConfig {
  const runtime = typeof window === 'undefined' ? undefined : window.PORTAL_CONFIG
  const apiBase =
    typeof runtime?.apiBase === 'string' && runtime.apiBase.trim() !== ''
      ? runtime.apiBase.trim()
      : DEFAULT_API_BASE
  const videoChatUrl =
    typeof runtime?.videoChatUrl === 'string' && /^https?:\/\//.test(runtime.videoChatUrl.trim())
      ? runtime.videoChatUrl.trim()
      : DEFAULT_VIDEO_CHAT_URL
  const oidcName =
    typeof runtime?.oidcName === 'string' && runtime.oidcName.trim() !== '' ? runtime.oidcName.trim() : undefined
  return { apiBase: apiBase.replace(/\/+$/, ''), videoChatUrl, oidcName }
}
