/**
 * The three record resources described as data: list columns, filters, form fields.
 * The generic list, detail and form components read everything from here.
 */
import type { Role } from '@/lib/auth'
import type { AnyRecord, Options, Resource } from '@/data/records'

export type OptionsKey = keyof Options

export type ValueKind =
  | 'text'
  | 'textarea'
  | 'email'
  | 'number'
  | 'money'
  | 'percent'
  | 'date'
  | 'datetime'
  | 'enum'
  | 'person'
  | 'recordRef'
  | 'bytes'
  | 'boolean'

export interface FieldDef {
  key: string
  label: string
  kind: ValueKind
  /** enum: which /options list holds the values. */
  options?: OptionsKey
  /** person: the nested {id, displayName} shown for the id field. */
  personKey?: string
  /** person (editable): who the picker offers, from the staff directory (`GET /users`). */
  staff?: { role?: Role; roles?: readonly Role[] }
  /** recordRef: which resource the id points to. */
  refResource?: Resource
  required?: boolean
  /** Shown in the create and edit forms (false: read-only, shown on the detail page only). */
  editable?: boolean
  min?: number
  max?: number
  maxLength?: number
  placeholder?: string
  /** Only shown (and required) in the form when this returns true for the form values. */
  when?: (values: Record<string, string>) => boolean
}

export interface ColumnDef {
  key: string
  label: string
  kind: ValueKind
  options?: OptionsKey
  personKey?: string
  refResource?: Resource
  /** Visible until the user picks columns. */
  visible: boolean
  /** Not sortable when false (e.g. nested people). */
  sortable?: boolean
  /** The sort key sent to the API (camelCase field); defaults to `key`. */
  sortKey?: string
  align?: 'start' | 'end'
}

export interface FilterDef {
  /** Query parameter of the API and of the page URL. */
  key: string
  label: string
  options: OptionsKey
}

export interface ResourceConfig {
  resource: Resource
  title: string
  one: string
  path: string
  /** The record's name in headings and links. */
  titleOf(record: AnyRecord): string
  subtitleOf(record: AnyRecord): string
  columns: ColumnDef[]
  filters: FilterDef[]
  fields: FieldDef[]
  defaultSort: { sort: string; order: 'asc' | 'desc' }
  searchPlaceholder: string
  /** The API filter that means "mine" (assigned to me / uploaded by me / owned by me). */
  mineFilter: { key: string; label: string }
}

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v))

export const assetsConfig: ResourceConfig = {
  resource: 'assets',
  title: 'Assets',
  one: 'asset',
  path: '/assets',
  titleOf: (r) => `${str(r.tag)} · ${str(r.name)}`,
  subtitleOf: (r) => [str(r.category), str(r.location)].filter(Boolean).join(' · '),
  defaultSort: { sort: 'tag', order: 'asc' },
  searchPlaceholder: 'Search tag, name, serial, location…',
  mineFilter: { key: 'assignedTechnicianId', label: 'Assigned to me' },
  columns: [
    { key: 'tag', label: 'Tag', kind: 'text', visible: true },
    { key: 'name', label: 'Name', kind: 'text', visible: true },
    { key: 'category', label: 'Category', kind: 'enum', options: 'assetCategories', visible: true },
    { key: 'department', label: 'Department', kind: 'enum', options: 'departments', visible: false },
    { key: 'status', label: 'Status', kind: 'enum', options: 'statuses', visible: true },
    { key: 'risk', label: 'Risk', kind: 'enum', options: 'risks', visible: true },
    { key: 'location', label: 'Location', kind: 'text', visible: true },
    { key: 'assignedTechnicianId', label: 'Technician', kind: 'person', personKey: 'assignedTechnician', visible: true },
    { key: 'nextInspection', label: 'Next inspection', kind: 'date', visible: true },
    { key: 'serialNumber', label: 'Serial number', kind: 'text', visible: false },
    { key: 'purchaseDate', label: 'Purchased', kind: 'date', visible: false },
    { key: 'purchaseCost', label: 'Cost', kind: 'money', visible: false, align: 'end' },
    { key: 'updatedAt', label: 'Updated', kind: 'datetime', visible: false },
  ],
  filters: [
    { key: 'status', label: 'Status', options: 'statuses' },
    { key: 'risk', label: 'Risk', options: 'risks' },
    { key: 'department', label: 'Department', options: 'departments' },
    { key: 'category', label: 'Category', options: 'assetCategories' },
  ],
  fields: [
    { key: 'tag', label: 'Tag', kind: 'text', required: true, editable: true, maxLength: 32, placeholder: 'e.g. AST-0231' },
    { key: 'name', label: 'Name', kind: 'text', required: true, editable: true, maxLength: 200 },
    { key: 'category', label: 'Category', kind: 'enum', options: 'assetCategories', required: true, editable: true },
    { key: 'department', label: 'Department', kind: 'enum', options: 'departments', required: true, editable: true },
    { key: 'status', label: 'Status', kind: 'enum', options: 'statuses', required: true, editable: true },
    { key: 'risk', label: 'Risk', kind: 'enum', options: 'risks', required: true, editable: true },
    { key: 'serialNumber', label: 'Serial number', kind: 'text', editable: true, maxLength: 100 },
    { key: 'location', label: 'Location', kind: 'text', editable: true, maxLength: 200 },
    {
      key: 'assignedTechnicianId',
      label: 'Assigned technician',
      kind: 'person',
      personKey: 'assignedTechnician',
      staff: { role: 'technician' },
      editable: true,
    },
    { key: 'nextInspection', label: 'Next inspection', kind: 'date', editable: true },
    { key: 'lastInspectedOn', label: 'Last inspection', kind: 'date' },
    { key: 'lastInspectionResult', label: 'Inspection result', kind: 'enum', options: 'statuses' },
    { key: 'lastInspectionNote', label: 'Inspection note', kind: 'textarea' },
    { key: 'lastInspectionDocumentId', label: 'Inspection photo', kind: 'recordRef', refResource: 'documents' },
    { key: 'purchaseDate', label: 'Purchase date', kind: 'date', editable: true },
    { key: 'purchaseCost', label: 'Purchase cost', kind: 'money', editable: true, min: 0 },
    { key: 'notes', label: 'Notes', kind: 'textarea', editable: true, maxLength: 10000 },
  ],
}

export const documentsConfig: ResourceConfig = {
  resource: 'documents',
  title: 'Documents',
  one: 'document',
  path: '/documents',
  titleOf: (r) => str(r.title),
  subtitleOf: (r) => [str(r.department), str(r.originalName)].filter(Boolean).join(' · '),
  defaultSort: { sort: 'updatedAt', order: 'desc' },
  searchPlaceholder: 'Search titles and text inside documents',
  mineFilter: { key: 'uploadedById', label: 'Uploaded by me' },
  columns: [
    { key: 'title', label: 'Title', kind: 'text', visible: true },
    { key: 'state', label: 'State', kind: 'enum', options: 'documentStates', visible: true },
    { key: 'department', label: 'Department', kind: 'enum', options: 'departments', visible: true },
    { key: 'assetId', label: 'Asset', kind: 'recordRef', refResource: 'assets', visible: true },
    { key: 'leadId', label: 'Opportunity', kind: 'recordRef', refResource: 'leads', visible: true },
    { key: 'uploadedById', label: 'Uploaded by', kind: 'person', personKey: 'uploadedBy', visible: true },
    { key: 'originalName', label: 'File', kind: 'text', visible: false },
    { key: 'mediaType', label: 'Type', kind: 'text', visible: false },
    { key: 'size', label: 'Size', kind: 'bytes', visible: false, align: 'end' },
    { key: 'pageCount', label: 'Pages', kind: 'number', visible: false, align: 'end' },
    { key: 'updatedAt', label: 'Updated', kind: 'datetime', visible: true },
  ],
  filters: [
    { key: 'state', label: 'State', options: 'documentStates' },
    { key: 'department', label: 'Department', options: 'departments' },
  ],
  fields: [
    { key: 'title', label: 'Title', kind: 'text', required: true, editable: true, maxLength: 200 },
    { key: 'department', label: 'Department', kind: 'enum', options: 'departments', required: true, editable: true },
    { key: 'assetId', label: 'Asset', kind: 'recordRef', refResource: 'assets', editable: true },
    { key: 'leadId', label: 'Opportunity', kind: 'recordRef', refResource: 'leads', editable: true },
    { key: 'notes', label: 'Notes', kind: 'textarea', editable: true, maxLength: 10000 },
    { key: 'state', label: 'State', kind: 'enum', options: 'documentStates' },
    { key: 'failureReason', label: 'Failure reason', kind: 'text' },
    { key: 'originalName', label: 'Original file name', kind: 'text' },
    { key: 'mediaType', label: 'Media type', kind: 'text' },
    { key: 'size', label: 'Size', kind: 'bytes' },
    { key: 'pageCount', label: 'Pages', kind: 'number' },
    { key: 'sha256', label: 'SHA-256', kind: 'text' },
    { key: 'duplicateOfId', label: 'Duplicate of', kind: 'recordRef', refResource: 'documents' },
    { key: 'hasFile', label: 'File stored', kind: 'boolean' },
    { key: 'uploadedById', label: 'Uploaded by', kind: 'person', personKey: 'uploadedBy' },
  ],
}

export const leadsConfig: ResourceConfig = {
  resource: 'leads',
  title: 'Opportunities',
  one: 'opportunity',
  path: '/leads',
  titleOf: (r) => str(r.title),
  subtitleOf: (r) => [str(r.clientCompany), str(r.contactName)].filter(Boolean).join(' · '),
  defaultSort: { sort: 'expectedClose', order: 'asc' },
  searchPlaceholder: 'Search title, client, contact…',
  mineFilter: { key: 'ownerId', label: 'Owned by me' },
  columns: [
    { key: 'title', label: 'Title', kind: 'text', visible: true },
    { key: 'clientCompany', label: 'Client', kind: 'text', visible: true },
    { key: 'stage', label: 'Stage', kind: 'enum', options: 'stages', visible: true },
    { key: 'estimatedValue', label: 'Value', kind: 'money', visible: true, align: 'end' },
    { key: 'probability', label: 'Probability', kind: 'percent', visible: true, align: 'end' },
    { key: 'risk', label: 'Risk', kind: 'enum', options: 'risks', visible: true },
    { key: 'department', label: 'Department', kind: 'enum', options: 'departments', visible: false },
    { key: 'ownerId', label: 'Owner', kind: 'person', personKey: 'owner', visible: true },
    { key: 'expectedClose', label: 'Expected close', kind: 'date', visible: true },
    { key: 'contactName', label: 'Contact', kind: 'text', visible: false },
    { key: 'contactEmail', label: 'Email', kind: 'email', visible: false },
    { key: 'updatedAt', label: 'Updated', kind: 'datetime', visible: false },
  ],
  filters: [
    { key: 'stage', label: 'Stage', options: 'stages' },
    { key: 'risk', label: 'Risk', options: 'risks' },
    { key: 'department', label: 'Department', options: 'departments' },
  ],
  fields: [
    { key: 'title', label: 'Title', kind: 'text', required: true, editable: true, maxLength: 200 },
    { key: 'clientCompany', label: 'Client company', kind: 'text', required: true, editable: true, maxLength: 200 },
    { key: 'contactName', label: 'Contact name', kind: 'text', editable: true, maxLength: 120 },
    { key: 'contactEmail', label: 'Contact email', kind: 'email', editable: true, maxLength: 254 },
    { key: 'contactPhone', label: 'Contact phone', kind: 'text', editable: true, maxLength: 40 },
    { key: 'estimatedValue', label: 'Estimated value', kind: 'money', editable: true, min: 0 },
    { key: 'stage', label: 'Stage', kind: 'enum', options: 'stages', required: true, editable: true },
    {
      key: 'lostReason',
      label: 'Lost reason',
      kind: 'text',
      editable: true,
      maxLength: 500,
      required: true,
      when: (v) => v.stage === 'lost',
    },
    { key: 'probability', label: 'Probability (%)', kind: 'percent', editable: true, min: 0, max: 100 },
    { key: 'risk', label: 'Risk', kind: 'enum', options: 'risks', required: true, editable: true },
    { key: 'department', label: 'Department', kind: 'enum', options: 'departments', required: true, editable: true },
    { key: 'ownerId', label: 'Owner', kind: 'person', personKey: 'owner', staff: { roles: ['manager', 'admin'] }, editable: true },
    { key: 'expectedClose', label: 'Expected close', kind: 'date', editable: true },
    { key: 'notes', label: 'Notes', kind: 'textarea', editable: true, maxLength: 10000 },
  ],
}

export const RESOURCE_CONFIGS: Record<Resource, ResourceConfig> = {
  assets: assetsConfig,
  documents: documentsConfig,
  leads: leadsConfig,
}

export function optionLabel(options: Options | null, list: OptionsKey | undefined, value: string): string {
  if (!options || !list) return value
  return options[list].find((o) => o.value === value)?.label ?? value
}

