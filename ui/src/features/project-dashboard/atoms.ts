import { atom } from 'jotai'

import type { SpeedUnit, TempUnit } from './widgets'

/** The project picked in the switcher (null: the first the API lists). */
export const selectedProjectIdAtom = atom<number | null>(null)

/** The weather units the user switched to (null: the widget's own default, C and KMH). */
export const weatherUnitsAtom = atom<{ temp: TempUnit | null; speed: SpeedUnit | null }>({ temp: null, speed: null })

export type DashboardTab = 'home' | 'budget' | 'team'
export const dashboardTabAtom = atom<DashboardTab>('home')
