/**
 * Portal-wide settings an administrator chooses for everyone (GET / PATCH /portal-settings): today,
 * whether the template's sample areas are left out of the navigation. Loaded with the shell and again
 * after every reconnect; the `portal-settings` push applies a change in every open portal at once.
 */
import { atom } from 'jotai'

import type { components } from '@/api/schema'

import { api } from '@/data/client'

export type PortalSettings = components['schemas']['PortalSettings']

export const DEFAULT_PORTAL_SETTINGS: PortalSettings = { templateHidden: false }

export const portalSettingsAtom = atom<PortalSettings>(DEFAULT_PORTAL_SETTINGS)

/** Counts the pushes received: an answer to a load started before the latest push is older news. */
const pushesAtom = atom(0)

/** Write-only: the `portal-settings` push (an admin changed them just now). */
export const receivePortalSettingsAtom = atom(null, (get, set, settings: PortalSettings) => {
  set(pushesAtom, get(pushesAtom) + 1)
  set(portalSettingsAtom, settings)
})

/** The settings in an answer or a push (`{templateHidden}` or `{settings: {templateHidden}}`); null when malformed. */
export function toPortalSettings(payload: unknown): PortalSettings | null {
  if (typeof payload !== 'object' || payload === null) return null
  const body = 'settings' in payload ? (payload as { settings: unknown }).settings : payload
  if (typeof body !== 'object' || body === null) return null
  const hidden = (body as { templateHidden?: unknown }).templateHidden
  return typeof hidden === 'boolean' ? { templateHidden: hidden } : null
}

/** Loads the settings in force (a failure keeps what is shown: the defaults, or the last known). */
export const loadPortalSettingsAtom = atom(null, async (get, set) => {
  const pushes = get(pushesAtom)
  try {
    const settings = toPortalSettings(await api.get<unknown>('/portal-settings'))
    // A push that arrived while the answer travelled is newer than it: keep the push's.
    if (settings && get(pushesAtom) === pushes) set(portalSettingsAtom, settings)
  } catch {
    // Kept as they are; the next reconnect loads them again.
  }
})

/** An admin's change (PATCH /portal-settings); every open portal hears it through the push. */
export async function savePortalSettings(changes: Partial<PortalSettings>): Promise<PortalSettings> {
  const saved = toPortalSettings(await api.patch<unknown>('/portal-settings', changes))
  if (!saved) throw new Error('The server answered with settings this page does not understand.')
  return saved
}
