import {
  Box,
  Button,
  CloseButton,
  Dialog,
  Drawer,
  Field,
  Flex,
  HStack,
  Input,
  Portal,
  Stack,
  Text,
} from '@chakra-ui/react'
import { useCallback, useEffect, useState } from 'react'

import { DialogActions, DialogFrame } from '@/components/form-dialog'
import { OptionSelect } from '@/components/option-select'
import {
  createUser,
  endUserSession,
  endUserSessions,
  updateUser,
  uploadUserPhoto,
  userSessions,
  type AdminUser,
  type LiveSession,
} from '@/data/admin'
import * as enums from '@/api/enums'
import * as limits from '@/api/limits'
import { errorMessage } from '@/data/client'
import { ROLE_LABELS, type Role } from '@/lib/auth'
import { formatBytes, formatDateTime, formatRelative } from '@/lib/format'
import { showMessage } from '@/lib/snackbar'


/** The roles an admin can give, in the contract's order. */
export const ROLES: readonly Role[] = enums.Role
const PHOTO_FILES = limits.acceptedFiles['/admin/users/{id}/photo'].post
const PHOTO_ACCEPT = PHOTO_FILES.accept.join(',')
// The label says what the server accepts (its contract), not a copy: "PNG, JPEG, … at most 5.0 MB".
const PHOTO_HINT = `${PHOTO_FILES.accept.map((type) => type.replace('image/', '').toUpperCase()).join(', ')}; at most ${formatBytes(PHOTO_FILES.maxBytes)}`
/** The temporary password, shown once with a copy button. */
export function SecretDialog({ secret, onClose }: { secret: { username: string; password: string } | null; onClose: () => void }) {
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

export function CreateUserDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (user: AdminUser, password: string) => void }) {
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
            <OptionSelect w="auto" minW="32" value={form.role} onChange={(role) => setForm({ ...form, role })} label="Role" testId="create-user-role" options={ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }))} />
          </Field.Root>
        </Stack>
      </Dialog.Body>
      <DialogActions onCancel={onClose} onSubmit={() => void submit()} busy={busy} submitLabel="Create" submitTestId="create-user-submit" />
    </DialogFrame>
  )
}

export function EditUserDialog({ user, onClose, onSaved }: { user: AdminUser | null; onClose: () => void; onSaved: () => void }) {
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
      <DialogActions onCancel={onClose} onSubmit={() => void save()} busy={busy} submitLabel="Save" submitTestId="edit-user-save" />
    </DialogFrame>
  )
}

export function SessionsDrawer({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
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

