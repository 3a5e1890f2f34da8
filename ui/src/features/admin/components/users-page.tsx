import {
  Badge,
  Button,
  HStack,
  Input,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react'
import { useAtomValue } from 'jotai'
import { useEffect, useState } from 'react'

import { OptionSelect } from '@/components/option-select'
import {
  disableUserMfa,
  listUsers,
  resetPassword,
  unlockUser,
  updateUser,
  USER_STATUS_LABELS,
  type AdminUser,
  type UserPage,
  type UserQuery,
} from '@/data/admin'
import { errorMessage } from '@/data/client'
import { realtimeEpochAtom } from '@/data/live'
import { ROLE_LABELS, userAtom, type Role } from '@/lib/auth'
import { useDialog } from '@/lib/dialog'
import { formatDateTime, formatRelative } from '@/lib/format'
import { showMessage } from '@/lib/snackbar'

import { AdminTablePage } from './admin-table-page'
import { CreateUserDialog, EditUserDialog, ROLES, SecretDialog, SessionsDrawer } from './user-dialogs'

const SORTABLE: { key: string; label: string }[] = [
  { key: 'username', label: 'Username' },
  { key: 'displayName', label: 'Name' },
  { key: 'email', label: 'Email' },
]

function statusBadge(user: AdminUser) {
  const palette = user.status === 'disabled' ? 'gray' : user.status === 'active' ? 'green' : 'orange'
  return (
    <Stack gap="1" align="start">
      <Badge colorPalette={palette} data-testid={`user-status-${user.username}`}>
        {USER_STATUS_LABELS[user.status]}
      </Badge>
      {user.lockedUntil && (
        <Badge colorPalette="red" title={formatDateTime(user.lockedUntil)}>
          Locked until {new Date(user.lockedUntil).toLocaleTimeString()}
        </Badge>
      )}
    </Stack>
  )
}

/** /admin/users: the user pool, server-paged, with the CLI's actions. */
export default function UsersPage() {
  const me = useAtomValue(userAtom)
  const epoch = useAtomValue(realtimeEpochAtom)
  const { confirm } = useDialog()
  const [query, setQuery] = useState<UserQuery>({ page: 1, perPage: 25, sort: 'username', order: 'asc' })
  const [search, setSearch] = useState('')
  const [data, setData] = useState<UserPage | null>(null)
  const [error, setError] = useState<unknown>(null)
  const [creating, setCreating] = useState(false)
  const [secret, setSecret] = useState<{ username: string; password: string } | null>(null)
  const [editing, setEditing] = useState<AdminUser | null>(null)
  const [sessionsOf, setSessionsOf] = useState<AdminUser | null>(null)
  const [version, setVersion] = useState(0)
  const reload = () => setVersion((v) => v + 1)

  useEffect(() => {
    let current = true
    listUsers(query)
      .then((page) => {
        if (current) {
          setData(page)
          setError(null)
        }
      })
      .catch((e: unknown) => current && setError(e))
    return () => {
      current = false
    }
  }, [query, version, epoch])

  useEffect(() => {
    const timer = setTimeout(() => setQuery((q) => (q.q === search ? q : { ...q, q: search, page: 1 })), 300)
    return () => clearTimeout(timer)
  }, [search])

  const act = async (title: string, body: string, run: () => Promise<unknown>, tone: 'default' | 'danger' = 'default') => {
    if (!(await confirm({ title, body, confirmLabel: 'Confirm', tone }))) return
    try {
      await run()
      reload()
    } catch (e) {
      showMessage(errorMessage(e), 'error')
    }
  }
  const changeRole = (user: AdminUser, role: string) =>
    act(`Make ${user.username} ${ROLE_LABELS[role as Role] ?? role}?`, 'Their sessions end now: they sign in again with the new role.', () => updateUser(user.id, { role }))
  const sortBy = (key: string) =>
    setQuery((q) => ({ ...q, sort: key, order: q.sort === key && q.order === 'asc' ? 'desc' : 'asc', page: 1 }))
  const pages = data ? Math.max(1, Math.ceil(data.total / data.perPage)) : 1

  return (
    <AdminTablePage
      testId="admin-users-page"
      title="Users"
      action={
        <Button colorPalette="brand" onClick={() => setCreating(true)} data-testid="create-user">
          New user
        </Button>
      }
      filters={
        <>
        <Input size="sm" maxW="xs" placeholder="Search name, username or email" value={search} onChange={(e) => setSearch(e.target.value)} data-testid="users-search" />
        <OptionSelect w="auto" minW="32" value={query.role ?? ''} onChange={(role) => setQuery({ ...query, role: role || undefined, page: 1 })} label="Role" testId="users-role-filter" options={[{ value: '', label: 'Every role' }, ...ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }))]} />
        <OptionSelect w="auto" minW="32" value={query.status ?? ''} onChange={(status) => setQuery({ ...query, status: status || undefined, page: 1 })} label="Status" testId="users-status-filter" options={[{ value: '', label: 'Every status' }, ...Object.entries(USER_STATUS_LABELS).map(([value, label]) => ({ value, label }))]} />
        <OptionSelect w="auto" minW="32" value={query.mfa ?? ''} onChange={(mfa) => setQuery({ ...query, mfa: mfa || undefined, page: 1 })} label="Two-step sign-in" testId="users-mfa-filter" options={[{ value: '', label: 'MFA on or off' }, { value: 'on', label: 'MFA on' }, { value: 'off', label: 'MFA off' }]} />
        </>
      }
      error={error}
      table={
        <Table.Root size="sm" data-testid="users-table">
          <Table.Header>
            <Table.Row>
              {SORTABLE.map((column) => (
                <Table.ColumnHeader key={column.key} cursor="pointer" onClick={() => sortBy(column.key)} aria-sort={query.sort === column.key ? (query.order === 'asc' ? 'ascending' : 'descending') : undefined}>
                  {column.label} {query.sort === column.key ? (query.order === 'asc' ? '▲' : '▼') : ''}
                </Table.ColumnHeader>
              ))}
              <Table.ColumnHeader>Role</Table.ColumnHeader>
              <Table.ColumnHeader>Status</Table.ColumnHeader>
              <Table.ColumnHeader>MFA</Table.ColumnHeader>
              <Table.ColumnHeader>Last sign-in</Table.ColumnHeader>
              <Table.ColumnHeader>Push devices</Table.ColumnHeader>
              <Table.ColumnHeader>Actions</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {data?.items.map((user) => {
              const self = String(user.id) === me.data?.id
              return (
                <Table.Row key={user.id} data-testid={`user-row-${user.username}`}>
                  <Table.Cell fontWeight="medium">{user.username}</Table.Cell>
                  <Table.Cell>{user.displayName}</Table.Cell>
                  <Table.Cell>{user.email}</Table.Cell>
                  <Table.Cell>
                    <OptionSelect w="auto" minW="32" value={user.role ?? ''} onChange={(role) => void changeRole(user, role)} label={`Role of ${user.username}`} testId={`user-role-${user.username}`} options={ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }))} />
                  </Table.Cell>
                  <Table.Cell>{statusBadge(user)}</Table.Cell>
                  <Table.Cell>{user.mfaEnabled ? <Badge colorPalette="green">On</Badge> : <Badge>Off</Badge>}</Table.Cell>
                  <Table.Cell title={user.lastSignInAt ? formatDateTime(user.lastSignInAt) : undefined}>{user.lastSignInAt ? formatRelative(user.lastSignInAt) : 'Never'}</Table.Cell>
                  <Table.Cell>{user.pushDevices}</Table.Cell>
                  <Table.Cell>
                    <HStack gap="1" wrap="wrap">
                      <Button size="xs" variant="outline" onClick={() => setEditing(user)} data-testid={`edit-${user.username}`}>
                        Edit
                      </Button>
                      <Button size="xs" variant="outline" onClick={() => setSessionsOf(user)} data-testid={`sessions-${user.username}`}>
                        Sessions
                      </Button>
                      <Button
                        size="xs"
                        variant="outline"
                        disabled={self}
                        onClick={() =>
                          void act(`Reset the password of ${user.username}?`, 'Their sessions end and they must choose a new password at their next sign-in.', async () => {
                            const answer = await resetPassword(user.id)
                            setSecret({ username: user.username, password: answer.temporaryPassword })
                          })
                        }
                        data-testid={`reset-${user.username}`}
                      >
                        Reset password
                      </Button>
                      {user.status === 'disabled' ? (
                        <Button size="xs" variant="outline" onClick={() => void act(`Enable ${user.username}?`, 'They can sign in again.', () => updateUser(user.id, { disabled: false }))} data-testid={`enable-${user.username}`}>
                          Enable
                        </Button>
                      ) : (
                        <Button size="xs" variant="outline" colorPalette="red" disabled={self} onClick={() => void act(`Disable ${user.username}?`, 'Their sessions end now and they cannot sign in.', () => updateUser(user.id, { disabled: true }), 'danger')} data-testid={`disable-${user.username}`}>
                          Disable
                        </Button>
                      )}
                      {user.lockedUntil && (
                        <Button size="xs" variant="outline" onClick={() => void act(`Unlock ${user.username}?`, 'Their failed sign-ins are forgotten.', () => unlockUser(user.id))} data-testid={`unlock-${user.username}`}>
                          Unlock
                        </Button>
                      )}
                      {user.mfaEnabled && (
                        <Button size="xs" variant="outline" onClick={() => void act(`Turn off two-step sign-in for ${user.username}?`, 'Their next sign-in asks for the password only.', () => disableUserMfa(user.id), 'danger')} data-testid={`mfa-off-${user.username}`}>
                          Turn off MFA
                        </Button>
                      )}
                    </HStack>
                  </Table.Cell>
                </Table.Row>
              )
            })}
          </Table.Body>
        </Table.Root>
      }
      after={
        <>
      <HStack mt="3" justify="space-between">
        <Text fontSize="sm" color="fg.muted" data-testid="users-total">
          {data ? `${data.total} user${data.total === 1 ? '' : 's'}` : ' '}
        </Text>
        <HStack>
          <Button size="sm" variant="outline" disabled={(query.page ?? 1) <= 1} onClick={() => setQuery({ ...query, page: (query.page ?? 1) - 1 })}>
            Previous
          </Button>
          <Text fontSize="sm">
            Page {query.page ?? 1} of {pages}
          </Text>
          <Button size="sm" variant="outline" disabled={(query.page ?? 1) >= pages} onClick={() => setQuery({ ...query, page: (query.page ?? 1) + 1 })}>
            Next
          </Button>
        </HStack>
      </HStack>
      <CreateUserDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(user, password) => {
          setCreating(false)
          setSecret({ username: user.username, password })
          reload()
        }}
      />
      <SecretDialog secret={secret} onClose={() => setSecret(null)} />
      <EditUserDialog
        key={editing?.id ?? 'none'}
        user={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null)
          reload()
        }}
      />
      <SessionsDrawer user={sessionsOf} onClose={() => setSessionsOf(null)} />
        </>
      }
    />
  )
}
