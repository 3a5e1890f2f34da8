import { useAtomValue, useSetAtom } from 'jotai'
import { useEffect } from 'react'
import { useNavigate } from 'react-router-dom'

import { syncChatAtom } from '@/features/chat/atoms'
import { loadNotificationsAtom, setNotificationNavigator } from '@/data/notifications'
import { loadPortalSettingsAtom } from '@/data/portal-settings'
import { loadQuickPanelAtom } from '@/data/quick-panel'
import { realtimeEpochAtom } from '@/data/live'

/** Without a realtime connection, the shell's data is loaded this long after sign-in (ms). */
export const START_DELAY_MS = 2500

/**
 * What the shell keeps current for the signed-in user: chat contacts and chat list (with what was
 * missed), notifications, the quick panel and the portal-wide settings. Loaded on the first connection (or START_DELAY_MS after sign-in without one) and again after every reconnect;
 * between reconnects the pushes keep them current.
 */
export function useRealtimeSync(): void {
  const epoch = useAtomValue(realtimeEpochAtom)
  const syncChat = useSetAtom(syncChatAtom)
  const loadNotifications = useSetAtom(loadNotificationsAtom)
  const loadQuickPanel = useSetAtom(loadQuickPanelAtom)
  const loadPortalSettings = useSetAtom(loadPortalSettingsAtom)
  const navigate = useNavigate()

  useEffect(() => {
    const load = () => {
      void syncChat()
      void loadNotifications()
      void loadQuickPanel()
      void loadPortalSettings()
    }
    // Every connection (epoch 1, 2, ...) loads at once. Before the first one (epoch 0, right after
    // sign-in) nothing is asked yet: the connection comes within a second and would ask all of it
    // again, and these calls would only queue before the first page's own. Should it not come,
    // they are asked for anyway after START_DELAY_MS.
    if (epoch > 0) {
      load()
      return
    }
    const timer = window.setTimeout(load, START_DELAY_MS)
    return () => window.clearTimeout(timer)
  }, [epoch, syncChat, loadNotifications, loadQuickPanel, loadPortalSettings])

  useEffect(() => {
    setNotificationNavigator((link) => navigate(link))
  }, [navigate])
}
