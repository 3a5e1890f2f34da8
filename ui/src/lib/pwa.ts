/**
 * The installable app, page side: registers the service worker (src/service-worker/sw.ts) once the
 * signed-in shell has painted — never on /login, whose JavaScript budget has no room for Workbox —
 * and announces a waiting new version instead of switching to it under the user.
 */
import { atom, type createStore } from 'jotai'

import { isOpenMessage } from '@/service-worker/messages'

type Store = ReturnType<typeof createStore>

/** Set while a new version waits: calling it lets the new version take over and reloads the page. */
export const updateReadyAtom = atom<(() => void) | null>(null)

let registering: Promise<void> | null = null

/** Registers the service worker once per page (later calls wait for the first). */
export function registerServiceWorker(store: Store): Promise<void> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return Promise.resolve()
  registering ??= import('virtual:pwa-register').then(({ registerSW }) => {
    const update = registerSW({
      immediate: true,
      onNeedRefresh() {
        store.set(updateReadyAtom, () => () => void update(true))
      },
      onRegisterError(error: unknown) {
        console.warn('The service worker could not be registered; the portal works without it.', error)
      },
    })
  })
  return registering
}

/** Calls `open(path)` when the service worker asks this tab to show a record (a notification was clicked). */
export function listenForOpenRequests(open: (path: string) => void): () => void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return () => undefined
  const onMessage = (event: MessageEvent) => {
    if (isOpenMessage(event.data)) open(event.data.url)
  }
  navigator.serviceWorker.addEventListener('message', onMessage)
  return () => navigator.serviceWorker.removeEventListener('message', onMessage)
}
