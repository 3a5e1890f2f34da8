import { api } from '@/lib/api'
import type { Me } from '@/lib/auth'

/** PATCH /me: the user's shortcuts (navigation item ids) and/or shell settings. */
export function saveMe(changes: { shortcuts?: string[]; settings?: object }): Promise<Me> {
  return api.patch<Me>('/me', changes)
}
