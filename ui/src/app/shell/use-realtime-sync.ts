import { useAtomValue, useSetAtom } from 'jotai'
import { useEffect } from 'react'
import { useNavigate } from 'react-router-dom'

import { syncChatAtom } from '@/features/chat/atoms'
import { loadNotificationsAtom, setNotificationNavigator } from '@/data/notifications'
import { loadPortalSettingsAtom } from '@/data/portal-settings'
import { loadQuickPanelAtom } from '@/data/quick-panel'
import { realtimeEpochAtom } from '@/data/live'

/**
 * What the shell keeps current for the signed-in user: chat contacts and chat list (with what was
 * missed), notifications, the quick panel and the portal-wide settings. Loaded at once and again after every (re)connect;
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
    void syncChat()
    void loadNotifications()
    void loadQuickPanel()
    void loadPortalSettings()
  }, [epoch, syncChat, loadNotifications, loadQuickPanel, loadPortalSettings])

  useEffect(() => {
    setNotificationNavigator((link) => navigate(link))
  }, [navigate])
}
