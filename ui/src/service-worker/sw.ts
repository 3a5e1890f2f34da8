/// <reference lib="webworker" />
/**
 * The portal's service worker (vite-plugin-pwa, injectManifest; built to /sw.js).
 *
 * - The app shell and every built file are precached (the list is injected at build time), so the
 *   portal opens without a network; every page path answers the precached index.html, and
 *   /config.js (where the API is) comes from the network, or from the cache when offline.
 * - A new version waits until the page asks it to take over (the "A new version is available —
 *   Reload" prompt), so nothing changes under the user.
 * - Web Push: each push shows one notification (tagged per record, so repeats replace each other);
 *   a click focuses an open portal tab and sends it to the record, or opens a new tab there.
 */
import { clientsClaim } from 'workbox-core'
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { NetworkFirst } from 'workbox-strategies'

import { notificationOptions, OPEN_MESSAGE, parsePushData, SKIP_WAITING, targetOf } from './messages'

declare let self: ServiceWorkerGlobalScope

precacheAndRoute(self.__WB_MANIFEST)
cleanupOutdatedCaches()
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html')))
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname === '/config.js',
  new NetworkFirst({ cacheName: 'portal-config', networkTimeoutSeconds: 3 }),
)

self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === SKIP_WAITING) void self.skipWaiting()
})
// The first version takes the open pages at once (there is nothing to replace under them).
clientsClaim()

self.addEventListener('push', (event) => {
  const message = parsePushData(event.data ? event.data.text() : null)
  event.waitUntil(self.registration.showNotification(message.title, notificationOptions(message)))
})

async function openAt(path: string): Promise<void> {
  const url = new URL(path, self.location.origin)
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
  const tab = windows.find((client) => new URL(client.url).origin === url.origin)
  if (tab) {
    // The page routes there itself (no reload); focus may be refused without a user's click.
    tab.postMessage({ type: OPEN_MESSAGE, url: url.pathname + url.search })
    await tab.focus().catch(() => undefined)
    return
  }
  await self.clients.openWindow(url.href)
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  event.waitUntil(openAt(targetOf(event.notification.data)))
})
