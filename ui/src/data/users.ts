/** The staff directory (`GET /users`, optionally `?role=`): for the assignee and owner pickers. */
import { api } from '@/data/client'
import { isRole, type Role } from '@/lib/auth'

export interface StaffMember {
  id: number
  displayName: string
  photoURL: string | null
  role: Role | null
}

export function toStaffMember(value: unknown): StaffMember | null {
  if (typeof value !== 'object' || value === null) return null
  const v = value as Record<string, unknown>
  if (typeof v.id !== 'number') return null
  return {
    id: v.id,
    displayName: typeof v.displayName === 'string' && v.displayName ? v.displayName : `User #${v.id}`,
    photoURL: typeof v.photoURL === 'string' && v.photoURL ? v.photoURL : null,
    role: isRole(v.role) ? v.role : null,
  }
}

/**
 * Staff with a portal role. `role` asks the server for one role; `roles` keeps the members whose
 * role is listed (e.g. managers and admins for a lead owner).
 */
export async function fetchStaff(filter: { role?: Role; roles?: readonly Role[] } = {}, signal?: AbortSignal): Promise<StaffMember[]> {
  const answer = await api.get<{ items?: unknown[] }>('/users', { query: { role: filter.role }, signal })
  const members = (answer?.items ?? []).map(toStaffMember).filter((m): m is StaffMember => m !== null)
  return filter.roles ? members.filter((m) => m.role !== null && filter.roles!.includes(m.role)) : members
}
