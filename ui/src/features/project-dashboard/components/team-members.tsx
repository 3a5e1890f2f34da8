import { HStack, Link, Table, Text } from '@chakra-ui/react'

import { PersonAvatar } from '@/components/person-avatar'

import type { TableWidget } from '../api'

/** Widget 11: the team (avatar, name, position, office, email, phone). */
export function TeamMembers({ widget }: { widget: TableWidget }) {
  const columns = widget.table.columns.filter((c) => c.id !== 'avatar')
  return (
    <Table.ScrollArea borderWidth="1px" borderColor="border.muted" borderRadius="xl" bg="bg.panel">
      <Table.Root size="sm" interactive data-testid="team-table">
        <Table.Caption captionSide="top" textAlign="start" px="4" pt="4" pb="2" fontSize="md" fontWeight="semibold" color="fg">
          {widget.title}
        </Table.Caption>
        <Table.Header>
          <Table.Row>
            {columns.map((c) => (
              <Table.ColumnHeader key={c.id} whiteSpace="nowrap">
                {c.title}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {widget.table.rows.map((row) => {
            const value = (id: string) => row.cells.find((c) => c.id === id)?.value ?? ''
            return (
              <Table.Row key={row.id} data-testid={`team-row-${row.id}`}>
                {columns.map((c) => (
                  <Table.Cell key={c.id} whiteSpace="nowrap">
                    {c.id === 'name' ? (
                      <HStack gap="3">
                        <PersonAvatar name={value('name')} src={value('avatar')} />
                        <Text fontWeight="medium">{value('name')}</Text>
                      </HStack>
                    ) : c.id === 'email' ? (
                      <Link href={`mailto:${value('email')}`} color="brand.fg">
                        {value('email')}
                      </Link>
                    ) : c.id === 'phone' ? (
                      <Link href={`tel:${value('phone').replace(/\s+/g, '')}`}>{value('phone')}</Link>
                    ) : (
                      value(c.id)
                    )}
                  </Table.Cell>
                ))}
              </Table.Row>
            )
          })}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  )
}
