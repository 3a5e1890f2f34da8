import { describe, expect, it } from 'vitest'

import type { Contact } from './api'
import { blankContact, cleanContact, filterContacts, filtersFromParams, pageOf, searchContacts, sortContacts, validateContact, viewFromParam } from './contacts-utils'

const contact = (id: string, name: string, extra: Partial<Contact> = {}): Contact => ({ ...blankContact(), id, name, ...extra })

describe('contacts rules', () => {
  it('filters by each column, all filters together', () => {
    const list = [
      contact('1', 'Ada', { lastName: 'Byron', company: 'Acme Rail', jobTitle: 'Engineer', email: 'ada@acme.test', nickname: 'Countess' }),
      contact('2', 'Alan', { lastName: 'Turing', company: 'Acme Grid', jobTitle: 'Planner', email: 'alan@grid.test' }),
      contact('3', 'Grace', { company: 'Navy', jobTitle: 'Engineer' }),
    ]
    expect(filterContacts(list, {}).map((c) => c.id)).toEqual(['1', '2', '3'])
    expect(filterContacts(list, { company: 'acme' }).map((c) => c.id)).toEqual(['1', '2'])
    expect(filterContacts(list, { company: 'acme', jobTitle: 'ENGINEER' }).map((c) => c.id)).toEqual(['1'])
    expect(filterContacts(list, { name: 'countess' }).map((c) => c.id)).toEqual(['1'])
    expect(filterContacts(list, { name: 'ada byron', email: 'grid' })).toEqual([])
    expect(filtersFromParams(new URLSearchParams('company=acme&other=x&email='))).toEqual({ company: 'acme' })
  })

  it('reads the view', () => {
    expect(viewFromParam('starred')).toBe('starred')
    expect(viewFromParam('frequent')).toBe('frequent')
    expect(viewFromParam('whatever')).toBe('all')
  })

  it('searches, sorts (empty values last) and pages', () => {
    const list = [contact('1', 'Bea', { company: 'Zeta' }), contact('2', 'abe', { company: '' }), contact('3', 'Cy', { company: 'Acme' })]
    expect(searchContacts(list, 'acme').map((c) => c.id)).toEqual(['3'])
    expect(sortContacts(list, 'name', false).map((c) => c.id)).toEqual(['2', '1', '3'])
    expect(sortContacts(list, 'name', true).map((c) => c.id)).toEqual(['3', '1', '2'])
    expect(sortContacts(list, 'company', false).map((c) => c.id)).toEqual(['3', '1', '2'])
    expect(pageOf([1, 2, 3, 4, 5], 2, 2)).toEqual({ items: [3, 4], page: 2, pages: 3 })
    expect(pageOf([1, 2, 3], 9, 2)).toEqual({ items: [3], page: 2, pages: 2 })
  })

  it('checks and cleans the form', () => {
    expect(validateContact({ ...blankContact(), email: 'x' })).toEqual({ name: 'Enter a first name.', email: 'Enter an email address like name@example.com.' })
    expect(validateContact({ ...blankContact(), name: 'A', phone: 'call me' }).phone).toBeDefined()
    expect(cleanContact({ ...blankContact(), name: ' Ann ', birthday: '' })).toMatchObject({ name: 'Ann', birthday: null })
  })
})
