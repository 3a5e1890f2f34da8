/**
 * What a role may do with records (mirrors the server's rules; the server enforces them, the UI
 * only hides what a role cannot use).
 * - contractor: reads only;
 * - technician: edits the assets assigned to them (status, risk, location, notes, nextInspection),
 *   creates documents and edits the documents they uploaded (title, department, assetId, leadId, notes);
 * - manager and admin: create, edit and delete everything.
 */
import type { Role } from './auth'
import type { AnyRecord, Resource } from '@/data/records'

export const TECHNICIAN_ASSET_FIELDS = ['status', 'risk', 'location', 'notes', 'nextInspection'] as const
export const UPLOADER_DOCUMENT_FIELDS = ['title', 'department', 'assetId', 'leadId', 'notes'] as const

export function isManager(role: Role | undefined): boolean {
  return role === 'admin' || role === 'manager'
}

export function canCreate(role: Role | undefined, resource: Resource): boolean {
  if (isManager(role)) return true
  return role === 'technician' && resource === 'documents'
}

export function canDelete(role: Role | undefined): boolean {
  return isManager(role)
}

function ownerId(resource: Resource, record: AnyRecord): unknown {
  if (resource === 'assets') return record.assignedTechnicianId ?? (record.assignedTechnician as { id?: unknown } | null)?.id
  if (resource === 'documents') return (record.uploadedBy as { id?: unknown } | null)?.id
  return undefined
}

/**
 * The fields this user may change on this record: 'all', a list, or [] (cannot edit).
 * `userId` is the signed-in user's id (string from /me).
 */
export function editableFields(
  role: Role | undefined,
  userId: string | undefined,
  resource: Resource,
  record: AnyRecord,
): 'all' | readonly string[] {
  if (isManager(role)) return 'all'
  if (role !== 'technician' || userId === undefined) return []
  const owner = ownerId(resource, record)
  if (owner === undefined || owner === null || String(owner) !== userId) return []
  if (resource === 'assets') return TECHNICIAN_ASSET_FIELDS
  if (resource === 'documents') return UPLOADER_DOCUMENT_FIELDS
  return []
}

export function canEdit(role: Role | undefined, userId: string | undefined, resource: Resource, record: AnyRecord): boolean {
  const fields = editableFields(role, userId, resource, record)
  return fields === 'all' || fields.length > 0
}

export function mayEditField(fields: 'all' | readonly string[], field: string): boolean {
  return fields === 'all' || fields.includes(field)
}
