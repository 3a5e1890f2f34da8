import { Box } from '@chakra-ui/react'
import { atom, useAtom, useAtomValue, useStore } from 'jotai'
import { Suspense, useEffect, useMemo } from 'react'
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom'

import { GlobalDialog } from '@/components/global-dialog'
import { PageLoader } from '@/components/page-loader'
import { Toaster } from '@/components/ui/toaster'
import { userAtom } from '@/lib/auth'
import { watchIdle } from '@/lib/idle'
import { isLocked, LOCK_AFTER_MS, lockPathFor, lockScreen } from '@/lib/lock'
import { filterNavigation } from '@/lib/navigation'
import { startPendingSaves } from '@/data/pending-saves'
import { portalSettingsAtom } from '@/data/portal-settings'
import { resetRealtimeAtom } from '@/data/live'
import { mergeSettings, settingsAtom, systemDefaultSettings } from '@/data/settings'
import { startRealtime } from '@/data/socket'

import { navigationConfig } from '../navigation'
import { registerPushReceivers } from '../realtime-receivers'
import { loadSampleRoutes } from '../sample-routes'
import { CHAT_STRIP_WIDTH, ChatPanel } from '../shell/chat-panel'
import { HorizontalLayout, Layout1 } from '../shell/layouts'
import { PwaBridge } from '../shell/pwa-bridge'
import { QuickPanel } from '../shell/quick-panel'
import { SettingsFab, SettingsPanel } from '../shell/settings-panel'
import { useDocumentSettings } from '../shell/theme-vars'
import { useIsLargeScreen } from '../shell/use-media'
import { useRealtimeSync } from '../shell/use-realtime-sync'

/** Loads and keeps current what the shell shows for the signed-in user (chat, notifications, quick panel). */
function SignedInSync() {
  useRealtimeSync()
  return null
}

/** Whose saved settings the settings atom holds (the shell waits for the signed-in user's). */
const settingsOwnerAtom = atom<string | null>(null)

/**
 * The shell around the authenticated pages: layout 1, 2 or 3 with navbar, toolbar and footer,
 * the side panels, the settings panel, the snackbar and the global dialog, and the realtime
 * connection. A lazy chunk: /login never downloads it.
 */
export default function MainLayout() {
  const store = useStore()
  const user = useAtomValue(userAtom)
  const [settings, setSettings] = useAtom(settingsAtom)
  const [owner, setOwner] = useAtom(settingsOwnerAtom)
  const userId = user.data?.id ?? null
  const large = useIsLargeScreen()

  useEffect(() => {
    if (userId && owner !== userId) {
      // Saves still queued for this user (a reload or sign-out came first) count as made: shown, then sent.
      const pending = startPendingSaves(userId)
      const user = store.get(userAtom)
      if (pending && user.data) store.set(userAtom, { ...user, data: { ...user.data, ...pending } as typeof user.data })
      setSettings(mergeSettings(store.get(userAtom).data?.settings, systemDefaultSettings()))
      setOwner(userId)
    }
  }, [userId, owner, setSettings, setOwner, store])

  useDocumentSettings(settings)

  // The sample areas' routes come once the shell is up and the browser is idle, so a first click on
  // one opens it at once. Not while the first page is still drawing: the ~150 routes' chunk and the
  // route tree rendered again with them would delay it (a busy phone takes longer than 1.5 s).
  useEffect(() => {
    if (!userId) return
    const load = () => void loadSampleRoutes().catch(() => {})
    // Not in every browser (Safari): a plain timer there.
    const whenIdle = typeof window.requestIdleCallback === 'function'
    let idle: number | null = null
    const timer = window.setTimeout(() => {
      idle = whenIdle ? window.requestIdleCallback(load, { timeout: 10_000 }) : window.setTimeout(load, 0)
    }, 1500)
    return () => {
      window.clearTimeout(timer)
      if (idle === null) return
      if (whenIdle) window.cancelIdleCallback(idle)
      else window.clearTimeout(idle)
    }
  }, [userId])

  // One realtime connection while a user is signed in.
  useEffect(() => {
    if (!userId) return
    const unregister = registerPushReceivers()
    const stop = startRealtime(store)
    return () => {
      stop()
      unregister()
      store.set(resetRealtimeAtom)
    }
  }, [store, userId])

  // The lock screen: after a long idle time the session locks (lib/lock.ts); a locked session sees only the lock page.
  const location = useLocation()
  const navigate = useNavigate()
  useEffect(() => {
    if (!userId) return
    const watcher = watchIdle((idle) => {
      if (!idle) return
      lockScreen(userId)
      navigate(lockPathFor(`${window.location.pathname}${window.location.search}`))
    }, LOCK_AFTER_MS)
    return () => watcher.stop()
  }, [userId, navigate])

  const { templateHidden } = useAtomValue(portalSettingsAtom)
  const items = useMemo(() => filterNavigation(navigationConfig({ templateHidden }), user.role), [user.role, templateHidden])
  // A guest: the route guard inside the outlet sends them to /login.
  if (!userId) {
    return (
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    )
  }
  if (owner !== userId) return <PageLoader />
  if (isLocked(userId)) return <Navigate to={lockPathFor(`${location.pathname}${location.search}`)} replace />

  const Layout = settings.layout.style === 'layout1' ? Layout1 : HorizontalLayout
  const strip = large && settings.layout.config.rightSidePanel.display
  return (
    <Box ps="0" pe={strip ? `${CHAT_STRIP_WIDTH}px` : '0'} minH="100dvh" bg="bg" data-testid="main-layout">
      {/* The first Tab stop: straight to the page, past the navigation and the toolbar. */}
      <a
        href="#main-content"
        className="portal-skip-link"
        onClick={(event) => {
          event.preventDefault()
          document.getElementById('main-content')?.focus()
        }}
        data-testid="skip-link"
      >
        Skip to main content
      </a>
      <Layout items={items} settings={settings}>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </Layout>
      <SignedInSync />
      <ChatPanel showStrip={settings.layout.config.rightSidePanel.display} theme={settings.theme.navbar} />
      <QuickPanel />
      <SettingsPanel />
      {/* Small screens open the settings from the toolbar: nothing floats over the content there. */}
      {large && <SettingsFab offset={strip ? CHAT_STRIP_WIDTH : 0} />}
      <Toaster />
      <GlobalDialog />
      <PwaBridge />
    </Box>
  )
}
