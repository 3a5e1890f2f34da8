import {
  Alert,
  Badge,
  Box,
  Button,
  CloseButton,
  Dialog,
  Drawer,
  Field,
  Flex,
  Heading,
  HStack,
  Input,
  NativeSelect,
  Portal,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react'
import { useAtomValue } from 'jotai'
import { useCallback, useEffect, useState } from 'react'

import { DialogFrame } from '@/components/form-dialog'
import {
  createUser,
  disableUserMfa,
  endUserSession,
  endUserSessions,
  listUsers,
  resetPassword,
  unlockUser,
  updateUser,
  uploadUserPhoto,
  userSessions,
  USER_STATUS_LABELS,
  type AdminUser,
  type LiveSession,
  type UserPage,
  type UserQuery,
} from '@/data/admin'
import * as enums from '@/api/enums'
import * as limits from '@/api/limits'
import { errorMessage } from '@/data/client'
import { realtimeEpochAtom } from '@/data/live'
import { ROLE_LABELS, userAtom, type Role } from '@/lib/auth'
import { useDialog } from '@/lib/dialog'
import { formatBytes, formatDateTime, formatRelative } from '@/lib/format'
import { showMessage } from '@/lib/snackbar'

const ROLES: readonly Role[] = enums.Role
const PHOTO_FILES = limits.acceptedFiles['/admin/users/{id}/photo'].post
const PHOTO_ACCEPT = PHOTO_FILES.accept.join(',')
// The label says what the server accepts (its contract), not a copy: "PNG, JPEG, … at most 5.0 MB".
const PHOTO_HINT = `${PHOTO_FILES.accept.map((type) => type.replace('image/', '').toUpperCase()).join(', ')}; at most ${formatBytes(PHOTO_FILES.maxBytes)}`
const SORTABLE: { key: string; label: string }[] = [
  { key: 'username', label: 'Username' },
  { key: 'displayName', label: 'Name' },
  { key: 'email', label: 'Email' },
]

function Select({ value, onChange, label, options, testId }: { value: string; onChange: (v: string) => void; label: string; options: { value: string; label: string }[]; testId: string }) {
  return (
    <NativeSelect.Root size="sm" w="auto" minW="32">
      <NativeSelect.Field value={value} onChange={(e) => onChange(e.target.value)} aria-label={label} data-testid={testId}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  )
}

/** The temporary password, shown once with a copy button. */
function SecretDialog({ secret, onClose }: { secret: { username: string; password: string } | null; onClose: () => void }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret?.password ?? '')
      showMessage('Copied to the clipboard.', 'success')
    } catch {
      showMessage('Copying was refused by the browser: select the password and copy it.', 'warning')
    }
  }
  return (
    <DialogFrame testId="temporary-password-dialog" title={`Temporary password for ${secret?.username ?? ''}`} closable={false} open={secret !== null} onOpenChange={(d) => !d.open && onClose()}>
      <Dialog.Body>
        <Text mb="3">It is shown this once. Give it to the user: they choose their own password at their first sign-in.</Text>
        <HStack>
          <Input readOnly value={secret?.password ?? ''} fontFamily="mono" data-testid="temporary-password" onFocus={(e) => e.target.select()} />
          <Button onClick={() => void copy()} data-testid="copy-temporary-password">
            Copy
          </Button>
        </HStack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button onClick={onClose} data-testid="temporary-password-done">
          Done
        </Button>
      </Dialog.Footer>
    </DialogFrame>
  )
}

function CreateUserDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (user: AdminUser, password: string) => void }) {
  const [form, setForm] = useState({ username: '', email: '', displayName: '', role: 'technician' })
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  const submit = async () => {
    setBusy(true)
    try {
      const created = await createUser(form)
      setForm({ username: '', email: '', displayName: '', role: 'technician' })
      setErrors({})
      onCreated(created.user, created.temporaryPassword)
    } catch (error) {
      const fields = (error as { errors?: Record<string, string> }).errors ?? {}
      setErrors(fields)
      showMessage(errorMessage(error), 'error')
    } finally {
      setBusy(false)
    }
  }
  const field = (key: keyof typeof form, label: string, type = 'text') => (
    <Field.Root invalid={Boolean(errors[key])} required={key !== 'displayName'}>
      <Field.Label>{label}</Field.Label>
      <Input type={type} value={form[key]} onChange={(e) => setForm({ ...form, [key]: e.target.value })} data-testid={`create-user-${key}`} />
      {errors[key] && <Field.ErrorText>{errors[key]}</Field.ErrorText>}
    </Field.Root>
  )
  return (
    <DialogFrame testId="create-user-dialog" title="New user" open={open} onOpenChange={(d) => !d.open && onClose()}>
      <Dialog.Body>
        <Stack gap="3">
          {field('username', 'Username')}
          {field('email', 'Email', 'email')}
          {field('displayName', 'Name')}
          <Field.Root>
            <Field.Label>Role</Field.Label>
            <Select value={form.role} onChange={(role) => setForm({ ...form, role })} label="Role" testId="create-user-role" options={ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }))} />
          </Field.Root>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button colorPalette="brand" loading={busy} onClick={() => void submit()} data-testid="create-user-submit">
          Create
        </Button>
      </Dialog.Footer>
    </DialogFrame>
  )
}

function EditUserDialog({ user, onClose, onSaved }: { user: AdminUser | null; onClose: () => void; onSaved: () => void }) {
  const [name, setName] = useState(user?.displayName ?? '')
  const [email, setEmail] = useState(user?.email ?? '')
  const [busy, setBusy] = useState(false)
  if (!user) return null
  const save = async () => {
    setBusy(true)
    try {
      await updateUser(user.id, { displayName: name, email })
      onSaved()
    } catch (error) {
      showMessage(errorMessage(error), 'error')
    } finally {
      setBusy(false)
    }
  }
  const photo = async (file: File | undefined) => {
    if (!file) return
    try {
      await uploadUserPhoto(user.id, file)
      showMessage('Photo saved.', 'success')
      onSaved()
    } catch (error) {
      showMessage(errorMessage(error), 'error')
    }
  }
  return (
    <DialogFrame testId="edit-user-dialog" title={`Edit ${user.username}`} closable={false} open onOpenChange={(d) => !d.open && onClose()}>
      <Dialog.Body>
        <Stack gap="3">
          <Field.Root>
            <Field.Label>Name</Field.Label>
            <Input value={name} maxLength={limits.AdminUserUpdate.displayName.maxLength} onChange={(e) => setName(e.target.value)} data-testid="edit-user-name" />
          </Field.Root>
          <Field.Root>
            <Field.Label>Email</Field.Label>
            <Input type="email" value={email} onChange={(e) => setEmail(e.target.value)} data-testid="edit-user-email" />
          </Field.Root>
          <Field.Root>
            <Field.Label>Photo ({PHOTO_HINT})</Field.Label>
            <Input type="file" accept={PHOTO_ACCEPT} p="1" onChange={(e) => void photo(e.target.files?.[0])} data-testid="edit-user-photo" />
          </Field.Root>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button colorPalette="brand" loading={busy} onClick={() => void save()} data-testid="edit-user-save">
          Save
        </Button>
      </Dialog.Footer>
    </DialogFrame>
  )
}

function SessionsDrawer({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const [sessions, setSessions] = useState<LiveSession[] | null>(null)
  const load = useCallback(() => {
    if (!user) return
    userSessions(user.id)
      .then((answer) => setSessions(answer.items))
      .catch((error: unknown) => showMessage(errorMessage(error), 'error'))
  }, [user])
  useEffect(load, [load])
  const end = async (sid: string | null) => {
    if (!user) return
    try {
      if (sid) await endUserSession(user.id, sid)
      else await endUserSessions(user.id)
      showMessage(sid ? 'The session ended.' : 'Every session ended.', 'success')
      load()
    } catch (error) {
      showMessage(errorMessage(error), 'error')
    }
  }
  return (
    <Drawer.Root open={user !== null} onOpenChange={(d) => !d.open && onClose()} size="md">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid="sessions-drawer">
            <Drawer.Header>
              <Drawer.Title>Sessions of {user?.username}</Drawer.Title>
            </Drawer.Header>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Drawer.CloseTrigger>
            <Drawer.Body>
              {sessions === null ? (
                <Text color="fg.muted">Loading…</Text>
              ) : sessions.length === 0 ? (
                <Text color="fg.muted" data-testid="sessions-empty">
                  No live sessions.
                </Text>
              ) : (
                <Stack as="ul" gap="2" p="0">
                  {sessions.map((s) => (
                    <Flex as="li" key={s.id} listStyleType="none" borderWidth="1px" borderColor="border.muted" borderRadius="md" p="2.5" align="center" gap="2" data-testid="session-row">
                      <Box flex="1" minW="0">
                        <Text fontWeight="medium">{s.device}</Text>
                        <Text fontSize="sm" color="fg.muted">
                          {s.ip ?? 'unknown address'} · started {formatDateTime(s.createdAt)} · last used {formatRelative(s.lastUsedAt)}
                        </Text>
                      </Box>
                      <Button size="xs" variant="outline" colorPalette="red" onClick={() => void end(s.id)} data-testid="end-session">
                        End
                      </Button>
                    </Flex>
                  ))}
                </Stack>
              )}
            </Drawer.Body>
            <Drawer.Footer>
              <Button colorPalette="red" disabled={!sessions?.length} onClick={() => void end(null)} data-testid="end-all-sessions">
                End all
              </Button>
            </Drawer.Footer>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  )
}

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
    <Box px={{ base: '3', md: '6' }} py={{ base: '4', md: '6' }} data-testid="admin-users-page">
      <Flex align="center" gap="3" wrap="wrap" mb="4">
        <Heading as="h1" size="2xl" flex="1">
          Users
        </Heading>
        <Button colorPalette="brand" onClick={() => setCreating(true)} data-testid="create-user">
          New user
        </Button>
      </Flex>
      <HStack gap="2" mb="3" wrap="wrap">
        <Input size="sm" maxW="xs" placeholder="Search name, username or email" value={search} onChange={(e) => setSearch(e.target.value)} data-testid="users-search" />
        <Select value={query.role ?? ''} onChange={(role) => setQuery({ ...query, role: role || undefined, page: 1 })} label="Role" testId="users-role-filter" options={[{ value: '', label: 'Every role' }, ...ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }))]} />
        <Select value={query.status ?? ''} onChange={(status) => setQuery({ ...query, status: status || undefined, page: 1 })} label="Status" testId="users-status-filter" options={[{ value: '', label: 'Every status' }, ...Object.entries(USER_STATUS_LABELS).map(([value, label]) => ({ value, label }))]} />
        <Select value={query.mfa ?? ''} onChange={(mfa) => setQuery({ ...query, mfa: mfa || undefined, page: 1 })} label="Two-step sign-in" testId="users-mfa-filter" options={[{ value: '', label: 'MFA on or off' }, { value: 'on', label: 'MFA on' }, { value: 'off', label: 'MFA off' }]} />
      </HStack>
      {error !== null && (
        <Alert.Root status="error" mb="3">
          <Alert.Indicator />
          <Alert.Title>{errorMessage(error)}</Alert.Title>
        </Alert.Root>
      )}
      <Box overflowX="auto" borderWidth="1px" borderColor="border.muted" borderRadius="lg">
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
                    <Select value={user.role ?? ''} onChange={(role) => void changeRole(user, role)} label={`Role of ${user.username}`} testId={`user-role-${user.username}`} options={ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }))} />
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
      </Box>
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
    </Box>
  )
}
