/**
 * Whether the browser has a network. The shell shows a banner while it has none, and actions that
 * need the server are disabled with `OFFLINE_REASON` (the API client refuses them too).
 */
import { atom } from 'jotai'

export const OFFLINE_REASON = 'You are offline: this needs the server. It comes back when the connection does.'

function browserOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false
}

export const onlineAtom = atom(browserOnline())
onlineAtom.onMount = (set) => {
  const update = () => set(browserOnline())
  update()
  window.addEventListener('online', update)
  window.addEventListener('offline', update)
  return () => {
    window.removeEventListener('online', update)
    window.removeEventListener('offline', update)
  }
}

export function isOffline(): boolean {
  return !browserOnline()
}
