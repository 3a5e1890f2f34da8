import { atom } from 'jotai'

/** Panels of the shell (spec section 4, "Panels"): each opens and closes. */
export const navbarMobileOpenAtom = atom(false)
export const quickPanelOpenAtom = atom(false)
export const chatPanelOpenAtom = atom(false)
export const settingsPanelOpenAtom = atom(false)
