/**
 * Roles, the role hierarchy (spec section 6) and the signed-in user.
 * Shared by the app layer (route guard) and every feature, so it lives in lib/.
 */
import { atom } from 'jotai'

import * as enums from '@/api/enums'
import type { components } from '@/api/schema'

/** The portal's roles, highest first, as the server declares them. */
export const ROLES = enums.Role
export type Role = components['schemas']['Role']

/** A route's or menu item's auth setting: a list of roles, [] = guests only, null = everyone. */
export type AuthSetting = readonly Role[] | null

export const authRoles = {
  admin: ['admin'],
  manager: ['admin', 'manager'],
  technician: ['admin', 'manager', 'technician'],
  /** All staff. */
  contractor: ['admin', 'manager', 'technician', 'contractor'],
  staff: ['admin', 'manager', 'technician', 'contractor'],
  onlyGuest: [],
} as const satisfies Record<string, readonly Role[]>

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value)
}

/** A user with no role or an empty role is unauthenticated. */
export function isAuthenticated(role: readonly string[] | string | null | undefined): boolean {
  if (Array.isArray(role)) return role.some((r) => typeof r === 'string' && r !== '')
  return typeof role === 'string' && role !== ''
}

/**
 * Whether a user with `role` satisfies an auth setting:
 * null -> everyone; [] -> only unauthenticated users; otherwise one of the user's roles must be listed.
 */
export function hasPermission(
  auth: AuthSetting | undefined,
  role: readonly string[] | string | null | undefined,
): boolean {
  if (auth === null || auth === undefined) return true
  if (auth.length === 0) return !isAuthenticated(role)
  const roles = Array.isArray(role) ? role : typeof role === 'string' ? [role] : []
  return roles.some((r) => (auth as readonly string[]).includes(r))
}

/** GET /me */
export type Me = components['schemas']['Me']
/** What `toUser` reads: GET /me's answer or a stored copy of it, its roles checked and normalised here. */
export type MeLike = Omit<Me, 'id' | 'role' | 'roles'> & { id: string | number; role: string | null; roles: string[] }

export interface User {
  /** The session's role as a list: [first role] when signed in, [] for a guest. */
  role: Role[]
  /** Every portal role the user holds (first = the session's role). */
  roles: Role[]
  data: {
    id: string
    username: string
    displayName: string
    email: string
    photoURL: string | null
    shortcuts: string[]
    settings: Record<string, unknown>
    mfaEnabled: boolean
  } | null
}

export const guestUser: User = { role: [], roles: [], data: null }

/** Builds the user from GET /me. Roles outside the four portal roles are ignored. */
export function toUser(me: MeLike): User {
  const listed = Array.isArray(me.roles) ? me.roles : []
  const candidates = [me.role, ...listed].map((r) => (typeof r === 'string' ? r.trim().toLowerCase() : ''))
  const roles = [...new Set(candidates.filter(isRole))]
  const primary = roles[0]
  if (!primary) return guestUser
  return {
    role: [primary],
    roles,
    data: {
      id: String(me.id),
      username: me.username,
      displayName: me.displayName || me.username,
      email: me.email ?? '',
      photoURL: me.photoURL ?? null,
      shortcuts: Array.isArray(me.shortcuts) ? me.shortcuts : [],
      settings: typeof me.settings === 'object' && me.settings !== null ? me.settings : {},
      mfaEnabled: Boolean(me.mfaEnabled),
    },
  }
}

/** The signed-in user; guestUser (role []) when signed out. */
export const userAtom = atom<User>(guestUser)

/** False until the startup 'me' check has finished (the splash shows meanwhile). */
export const authCheckedAtom = atom(false)

export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Administrator',
  manager: 'Manager',
  technician: 'Technician',
  contractor: 'Contractor',
}
