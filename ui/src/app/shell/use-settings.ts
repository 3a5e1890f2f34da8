import { useStore } from 'jotai'
import { useCallback } from 'react'

import { errorMessage } from '@/lib/api'
import { userAtom } from '@/lib/auth'
import { applySettingsPatch, settingsAtom, type SettingsPatch } from '@/lib/settings'
import { showMessage } from '@/lib/snackbar'

import { saveMe } from './me-api'

const SAVE_DELAY = 400
let saveTimer: ReturnType<typeof setTimeout> | undefined

/** Applies a settings change at once and saves it to the user shortly after (PATCH /me). */
export function useUpdateSettings(): (patch: SettingsPatch) => void {
  const store = useStore()
  return useCallback(
    (patch: SettingsPatch) => {
      const next = applySettingsPatch(store.get(settingsAtom), patch)
      store.set(settingsAtom, next)
      clearTimeout(saveTimer)
      saveTimer = setTimeout(() => {
        const settings = store.get(settingsAtom)
        saveMe({ settings }).then(
          () => {
            const user = store.get(userAtom)
            if (user.data) store.set(userAtom, { ...user, data: { ...user.data, settings: { ...settings } } })
          },
          (error: unknown) => showMessage(`Your settings could not be saved: ${errorMessage(error)}`, 'error'),
        )
      }, SAVE_DELAY)
    },
    [store],
  )
}
