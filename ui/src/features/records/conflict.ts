/** Two people editing one record: which fields the other person changed, and merging per-field choices. */
import type { AnyRecord } from '@/data/records'

import type { FieldDef } from '@/config/records'
import { changedValues, toFormValue, type FormValues } from './form-values'

export type Choice = 'mine' | 'theirs'

export interface ConflictField {
  field: FieldDef
  /** What this person has in the form. */
  mine: string
  /** What the other person saved. */
  theirs: string
  /** This person changed it too (so they must choose); otherwise theirs is taken unless they say. */
  both: boolean
}

/** The editable fields the other person changed since ``base`` (the version this edit started from). */
export function conflictFields(fields: FieldDef[], base: AnyRecord, theirs: AnyRecord, values: FormValues): ConflictField[] {
  const editable = fields.filter((f) => f.editable)
  const theyChanged = new Set(Object.keys(changedValues(editable, base, toFormValuesOf(editable, theirs))))
  const iChanged = new Set(Object.keys(changedValues(editable, base, values)))
  return editable
    .filter((f) => theyChanged.has(f.key))
    .map((field) => ({
      field,
      mine: values[field.key] ?? '',
      theirs: toFormValue(field, theirs[field.key]),
      both: iChanged.has(field.key) && values[field.key] !== toFormValue(field, theirs[field.key]),
    }))
}

function toFormValuesOf(fields: FieldDef[], record: AnyRecord): FormValues {
  return Object.fromEntries(fields.map((f) => [f.key, toFormValue(f, record[f.key])]))
}

/** Defaults: where only they changed a field, theirs; where both did, no choice until the person makes one. */
export function defaultChoices(rows: ConflictField[]): Record<string, Choice | undefined> {
  return Object.fromEntries(rows.map((r) => [r.field.key, r.both ? undefined : 'theirs']))
}

/** The form values after the choices: the draft, with "take theirs" fields replaced by their values. */
export function mergeChoices(values: FormValues, rows: ConflictField[], choices: Record<string, Choice | undefined>): FormValues {
  const merged = { ...values }
  for (const row of rows) if (choices[row.field.key] === 'theirs') merged[row.field.key] = row.theirs
  return merged
}
