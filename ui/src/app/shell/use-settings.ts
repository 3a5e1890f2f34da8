import { useStore } from 'jotai'
import { useCallback } from 'react'

import { userAtom } from '@/lib/auth'
import { queueMeSave } from '@/data/pending-saves'
import { applySettingsPatch, settingsAtom, type SettingsPatch } from '@/data/settings'
import { showMessage } from '@/lib/snackbar'

const SAVE_DELAY = 400

/**
 * Applies a settings change at once and saves it to the user shortly after (PATCH /me), through
 * the persisted queue: a reload or sign-out right after the change does not lose it.
 */
export function useUpdateSettings(): (patch: SettingsPatch) => void {
  const store = useStore()
  return useCallback(
    (patch: SettingsPatch) => {
      const next = applySettingsPatch(store.get(settingsAtom), patch)
      store.set(settingsAtom, next)
      const user = store.get(userAtom)
      if (!user.data) return
      store.set(userAtom, { ...user, data: { ...user.data, settings: { ...next } } })
      queueMeSave(user.data.id, { settings: next }, SAVE_DELAY).catch((error: unknown) =>
        showMessage(error instanceof Error ? `Your settings could not be saved: ${error.message}` : 'Your settings could not be saved.', 'error'),
      )
    },
    [store],
  )
}
