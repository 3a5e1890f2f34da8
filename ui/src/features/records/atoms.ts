import { atom } from 'jotai'

import type { AnyRecord, UserRef } from '@/data/records'

/**
 * People seen on records: names for person values the staff directory does not list (e.g. a
 * disabled account), and the choices of person fields without a directory filter.
 * personKey ('assignedTechnician', 'owner', 'uploadedBy') -> id -> display name.
 */
export const peopleAtom = atom<Record<string, Record<string, string>>>({})

export const rememberPeopleAtom = atom(null, (get, set, { records, keys }: { records: AnyRecord[]; keys: string[] }) => {
  const current = get(peopleAtom)
  let next = current
  for (const key of keys) {
    for (const record of records) {
      const person = record[key] as UserRef | null | undefined
      if (!person || typeof person.id !== 'number') continue
      if (next[key]?.[person.id] === person.displayName) continue
      next = { ...next, [key]: { ...next[key], [person.id]: person.displayName } }
    }
  }
  if (next !== current) set(peopleAtom, next)
})
