/**
 * The admin console's and the account page's calls (issue 19), through the one API client, and the
 * audit entries pushed live to admins (Socket.IO channel `audit`, dispatched by data/socket.ts).
 */
import { atom } from 'jotai'

import type { components } from '@/api/schema'
import { api, saveBlob } from '@/data/client'

type Schemas = components['schemas']

export type AdminUser = Schemas['AdminUser']
export type UserStatus = AdminUser['status']
export type UserPage = Schemas['AdminUserPage']

export interface UserQuery {
  q?: string
  role?: string
  status?: string
  mfa?: string
  sort?: string
  order?: 'asc' | 'desc'
  page?: number
  perPage?: number
}

export type LiveSession = Schemas['LiveSession']
export type AuditWho = Schemas['AuditWho']
export type AuditEntry = Schemas['AuditEntry']
export type AuditPage = Schemas['AuditLog']

export interface AuditFilters {
  actor?: string
  target?: string
  kind?: string
  from?: string
  to?: string
  q?: string
}

export const listUsers = (query: UserQuery) => api.get<UserPage>('/admin/users', { query: { ...query } })

export const createUser = (body: { username: string; email: string; displayName: string; role: string }) =>
  api.post<{ user: AdminUser; temporaryPassword: string }>('/admin/users', body)

export const updateUser = (id: number, changes: { role?: string; disabled?: boolean; displayName?: string; email?: string }) =>
  api.patch<AdminUser>(`/admin/users/${id}`, changes)

export const resetPassword = (id: number) => api.post<{ temporaryPassword: string }>(`/admin/users/${id}/reset-password`)
export const unlockUser = (id: number) => api.post<{ message: string }>(`/admin/users/${id}/unlock`)
export const disableUserMfa = (id: number) => api.post<{ message: string }>(`/admin/users/${id}/disable-mfa`)
export const uploadUserPhoto = (id: number, file: File) =>
  api.post<{ photoURL: string }>(`/admin/users/${id}/photo`, file, { headers: { 'Content-Type': file.type } })

export const userSessions = (id: number) => api.get<{ items: LiveSession[] }>(`/admin/users/${id}/sessions`)
export const endUserSessions = (id: number) => api.delete<{ ended: number }>(`/admin/users/${id}/sessions`)
export const endUserSession = (id: number, sid: string) =>
  api.delete<{ ended: number }>(`/admin/users/${id}/sessions/${encodeURIComponent(sid)}`)

function auditQuery(filters: AuditFilters): Record<string, string> {
  const query: Record<string, string> = {}
  for (const [key, value] of Object.entries(filters)) {
    if (typeof value === 'string' && value.trim()) query[key] = value.trim()
  }
  if (query.from) query.from = new Date(query.from).toISOString()
  if (query.to) query.to = new Date(query.to).toISOString()
  return query
}

export const listAudit = (filters: AuditFilters, cursor?: string | null) =>
  api.get<AuditPage>('/admin/audit', { query: { ...auditQuery(filters), perPage: 50, cursor: cursor ?? undefined } })

/** Downloads the filtered log as CSV (the export call needs the bearer token, so no plain link). */
export async function exportAudit(filters: AuditFilters): Promise<void> {
  const blob = await api.download('/admin/audit/export', { query: { ...auditQuery(filters), format: 'csv' } })
  saveBlob(blob, `audit-${new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-')}.csv`)
}

// --- the signed-in user's own account ------------------------------------------------------------

export interface PushDeviceSummary {
  id: number
  name: string
}

export const mySessions = () => api.get<{ items: LiveSession[]; pushDevices: PushDeviceSummary[] }>('/me/sessions')
export const endMySession = (sid: string) => api.delete<{ ended: number }>(`/me/sessions/${encodeURIComponent(sid)}`)
export const changeMyPassword = (currentPassword: string, newPassword: string) =>
  api.post<{ message: string; otherSessionsEnded: number }>('/me/password', { currentPassword, newPassword })
export const uploadMyPhoto = (file: File) => api.post<{ photoURL: string }>('/me/photo', file, { headers: { 'Content-Type': file.type } })
export const totpSetup = (password: string) => api.post<{ secret: string; uri: string }>('/auth/totp/setup', { password })
export const totpEnable = (code: string, password: string) => api.post<{ mfaEnabled: boolean }>('/auth/totp/verify', { code, password })
export const totpDisable = (code: string, password: string) => api.post<{ mfaEnabled: boolean }>('/auth/totp/disable', { code, password })

// --- live entries ----------------------------------------------------------------------------------

const MAX_LIVE = 200

/** Entries pushed since the audit page last loaded its first page (newest first). */
export const liveAuditAtom = atom<AuditEntry[]>([])

export function toAuditPush(payload: unknown): AuditEntry | null {
  if (typeof payload !== 'object' || payload === null) return null
  const entry = (payload as { entry?: unknown }).entry
  if (typeof entry !== 'object' || entry === null) return null
  const candidate = entry as Partial<AuditEntry>
  if (typeof candidate.id !== 'string' || typeof candidate.kind !== 'string' || typeof candidate.at !== 'string') return null
  return candidate as AuditEntry
}

export const receiveAuditEntryAtom = atom(null, (get, set, entry: AuditEntry) => {
  const current = get(liveAuditAtom)
  if (current.some((e) => e.id === entry.id)) return
  set(liveAuditAtom, [entry, ...current].slice(0, MAX_LIVE))
})

export const USER_STATUS_LABELS: Record<UserStatus, string> = {
  active: 'Active',
  disabled: 'Disabled',
  'must-change-password': 'Must change password',
}
