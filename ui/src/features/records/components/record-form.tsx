import { Button, chakra, Field, HStack, Input, SimpleGrid, Textarea } from '@chakra-ui/react'
import { useAtomValue, useSetAtom } from 'jotai'
import { useEffect, useState, type FormEvent } from 'react'

import { OptionSelect } from '@/components/option-select'
import type { FieldErrors } from '@/data/client'
import { mayEditField } from '@/lib/permissions'
import { listRecords, type AnyRecord, type Options, type Resource } from '@/data/records'
import { fetchStaff } from '@/data/users'

import { peopleAtom, rememberPeopleAtom } from '../atoms'
import type { FieldDef } from '@/config/records'
import type { FormValues } from '../form-values'

import { RecordPicker } from './record-picker'

/**
 * Who each person picker offers: the staff directory (`GET /users`, by role) for fields that say
 * so; fields without a directory filter offer the people seen on records (one page of records
 * sorted by the person field brings everyone assigned).
 */
function usePickerPeople(resource: Resource, fields: FieldDef[]): Record<string, Record<string, string>> {
  const remember = useSetAtom(rememberPeopleAtom)
  const seen = useAtomValue(peopleAtom)
  const [staff, setStaff] = useState<Record<string, Record<string, string>>>({})
  const personFields = fields.filter((f) => f.kind === 'person' && f.editable)
  const key = JSON.stringify(personFields.map((f) => [f.key, f.personKey, f.staff ?? null]))
  useEffect(() => {
    const controller = new AbortController()
    for (const [field, personKey, filter] of JSON.parse(key) as [string, string, FieldDef['staff'] | null][]) {
      if (filter) {
        fetchStaff(filter, controller.signal).then(
          (members) => setStaff((prev) => ({ ...prev, [field]: Object.fromEntries(members.map((m) => [String(m.id), m.displayName])) })),
          () => undefined,
        )
      } else {
        listRecords(resource, { perPage: 100, sort: field, order: 'desc' }, controller.signal).then(
          (page) => remember({ records: page.items as unknown as AnyRecord[], keys: [personKey] }),
          () => undefined,
        )
      }
    }
    return () => controller.abort()
  }, [resource, key, remember])
  return Object.fromEntries(personFields.map((f) => [f.key, f.staff ? (staff[f.key] ?? {}) : (seen[f.personKey ?? ''] ?? {})]))
}

function Control({
  field,
  value,
  disabled,
  options,
  people,
  seen,
  onChange,
}: {
  field: FieldDef
  value: string
  disabled: boolean
  options: Options | null
  /** Who the picker offers (id -> name). */
  people: Record<string, string>
  /** Names seen on records, for a current value the picker does not offer. */
  seen: Record<string, string>
  onChange: (value: string) => void
}) {
  const common = { 'data-testid': `field-${field.key}`, name: field.key, disabled }
  switch (field.kind) {
    case 'enum': {
      const list = options?.[field.options!] ?? []
      return (
        <OptionSelect
          value={value}
          onChange={onChange}
          options={list}
          name={field.key}
          disabled={disabled}
          testId={`field-${field.key}`}
          before={
            <>
              {!field.required && <option value="">—</option>}
              {value && !list.some((o) => o.value === value) && <option value={value}>{value}</option>}
              {field.required && !value && <option value="">Choose…</option>}
            </>
          }
        />
      )
    }
    case 'person': {
      const entries = Object.entries(people).sort((a, b) => a[1].localeCompare(b[1]))
      return (
        <OptionSelect
          value={value}
          onChange={onChange}
          options={entries.map(([id, name]) => ({ value: id, label: name }))}
          name={field.key}
          disabled={disabled}
          testId={`field-${field.key}`}
          before={
            <>
              <option value="">Unassigned</option>
              {value && !people[value] && <option value={value}>{seen[value] ?? `User #${value}`}</option>}
            </>
          }
        />
      )
    }
    case 'textarea':
      return <Textarea size="sm" rows={4} value={value} onChange={(e) => onChange(e.target.value)} maxLength={field.maxLength} {...common} />
    case 'date':
      return <Input size="sm" type="date" value={value} onChange={(e) => onChange(e.target.value)} {...common} />
    case 'recordRef':
      return <RecordPicker resource={field.refResource!} value={value} disabled={disabled} testId={`field-${field.key}`} onChange={onChange} />
    case 'money':
    case 'number':
    case 'percent':
      return (
        <Input
          size="sm"
          inputMode="decimal"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          placeholder={field.placeholder}
          {...common}
        />
      )
    default:
      return (
        <Input
          size="sm"
          type={field.kind === 'email' ? 'email' : 'text'}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          maxLength={field.maxLength}
          placeholder={field.placeholder}
          {...common}
        />
      )
  }
}

/**
 * Create / edit form. Validation is the server's: its field messages show under the fields.
 * Fields the role may not change are shown disabled.
 */
export function RecordForm({
  resource,
  fields,
  values,
  onValues,
  editable,
  errors,
  options,
  submitting,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  resource: Resource
  fields: FieldDef[]
  values: FormValues
  onValues: (values: FormValues) => void
  editable: 'all' | readonly string[]
  errors: FieldErrors
  options: Options | null
  submitting: boolean
  submitLabel: string
  onSubmit: () => void
  onCancel: () => void
}) {
  const pickers = usePickerPeople(resource, fields)
  const seen = useAtomValue(peopleAtom)
  const shown = fields.filter((f) => f.editable && (!f.when || f.when(values)))
  return (
    <chakra.form
      noValidate
      onSubmit={(e: FormEvent) => {
        e.preventDefault()
        onSubmit()
      }}
      data-testid="record-form"
    >
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        {shown.map((field) => (
          <Field.Root
            key={field.key}
            invalid={Boolean(errors[field.key])}
            gridColumn={field.kind === 'textarea' ? { md: 'span 2' } : undefined}
          >
            <Field.Label>
              {field.label}
              {field.required && <Field.RequiredIndicator />}
            </Field.Label>
            <Control
              field={field}
              value={values[field.key] ?? ''}
              disabled={submitting || !mayEditField(editable, field.key)}
              options={options}
              people={pickers[field.key] ?? {}}
              seen={seen[field.personKey ?? ''] ?? {}}
              onChange={(value) => onValues({ ...values, [field.key]: value })}
            />
            {errors[field.key] && <Field.ErrorText data-testid={`field-error-${field.key}`}>{errors[field.key]}</Field.ErrorText>}
          </Field.Root>
        ))}
      </SimpleGrid>
      <HStack justify="flex-end" gap="2" mt="6">
        <Button variant="ghost" onClick={onCancel} disabled={submitting} data-testid="form-cancel">
          Cancel
        </Button>
        <Button type="submit" colorPalette="brand" loading={submitting} data-testid="form-submit">
          {submitLabel}
        </Button>
      </HStack>
    </chakra.form>
  )
}
