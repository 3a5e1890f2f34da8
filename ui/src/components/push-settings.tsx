import { Badge, Box, Button, Flex, HStack, IconButton, Input, Stack, Text } from '@chakra-ui/react'
import { useAtomValue } from 'jotai'
import { useCallback, useEffect, useState } from 'react'

import { EditIcon, TrashIcon } from '@/components/icons'
import { errorMessage } from '@/data/client'
import { formatRelative } from '@/lib/format'
import { OFFLINE_REASON, onlineAtom } from '@/lib/online'
import {
  getPreferences,
  listDevices,
  PUSH_MODE_LABELS,
  pushSupport,
  removeDevice,
  renameDevice,
  savePreferences,
  sendTestNotification,
  thisDeviceId,
  turnOnPush,
  type NotificationPreferences,
  type PushDevice,
  type PushMode,
} from '@/data/push'
import { showMessage } from '@/lib/snackbar'

import { Choice, Toggle } from './controls'

const MODES = (Object.keys(PUSH_MODE_LABELS) as PushMode[]).map((value) => ({ value, label: PUSH_MODE_LABELS[value] }))
const UNSUPPORTED =
  'This browser cannot receive push notifications. On an iPhone or iPad, add the portal to the home screen first (Share, then Add to Home Screen) and open it from there.'
const DENIED = 'Notifications are blocked for the portal in this browser’s site settings; allow them there first.'

function DeviceRow({ device, here, onChanged }: { device: PushDevice; here: boolean; onChanged: () => void }) {
  const [editing, setEditing] = useState(false)
  const [name, setName] = useState(device.name)
  const save = async () => {
    try {
      await renameDevice(device.id, name.trim() || device.name)
      setEditing(false)
      onChanged()
    } catch (error) {
      showMessage(errorMessage(error), 'error')
    }
  }
  const remove = async () => {
    try {
      await removeDevice(device.id)
      onChanged()
    } catch (error) {
      showMessage(errorMessage(error), 'error')
    }
  }
  return (
    <Box as="li" listStyleType="none" borderWidth="1px" borderColor="border.muted" borderRadius="md" p="2.5" data-testid={`push-device-${device.id}`}>
      {editing ? (
        <HStack>
          <Input size="sm" value={name} maxLength={80} onChange={(e) => setName(e.target.value)} aria-label="Device name" data-testid="push-device-name" />
          <Button size="xs" onClick={() => void save()}>
            Save
          </Button>
        </HStack>
      ) : (
        <Flex gap="2" align="center">
          <Box flex="1" minW="0">
            <Text fontSize="sm" fontWeight="medium" lineClamp={1}>
              {device.name} {here && <Badge size="xs" colorPalette="brand">this device</Badge>}
            </Text>
            <Text fontSize="xs" color="fg.subtle">
              {device.lastPushAt ? `Last push ${formatRelative(device.lastPushAt)}` : `Added ${formatRelative(device.createdAt)}`}
            </Text>
            {device.lastError && (
              <Text fontSize="xs" color="fg.error" lineClamp={2} title={device.lastError}>
                Last error: {device.lastError}
              </Text>
            )}
          </Box>
          <IconButton size="xs" variant="ghost" aria-label={`Rename ${device.name}`} onClick={() => setEditing(true)}>
            <EditIcon />
          </IconButton>
          <IconButton size="xs" variant="ghost" aria-label={`Remove ${device.name}`} onClick={() => void remove()} data-testid={`push-device-remove-${device.id}`}>
            <TrashIcon />
          </IconButton>
        </Flex>
      )}
    </Box>
  )
}

/** The settings panel's Notifications section: push on this device, the user's devices and choices. */
export function PushSettings() {
  const online = useAtomValue(onlineAtom)
  const [devices, setDevices] = useState<PushDevice[] | null>(null)
  const [preferences, setPreferences] = useState<NotificationPreferences | null>(null)
  const [busy, setBusy] = useState(false)
  const [attempt, setAttempt] = useState(0)
  const reload = useCallback(() => setAttempt((n) => n + 1), [])
  const support = pushSupport()
  const here = thisDeviceId()
  const hereListed = devices?.some((d) => d.id === here) ?? false

  useEffect(() => {
    const controller = new AbortController()
    Promise.all([listDevices(controller.signal), getPreferences(controller.signal)]).then(
      ([found, chosen]) => {
        setDevices(found)
        setPreferences(chosen)
      },
      () => {
        if (!controller.signal.aborted) setDevices((prev) => prev ?? [])
      },
    )
    return () => controller.abort()
  }, [attempt])

  const choose = async (change: Partial<NotificationPreferences>) => {
    try {
      setPreferences(await savePreferences(change))
    } catch (error) {
      showMessage(errorMessage(error), 'error')
    }
  }
  const turnOn = async () => {
    setBusy(true)
    try {
      const device = await turnOnPush()
      showMessage(`Push is on for ${device.name}.`, 'success')
      reload()
    } catch (error) {
      showMessage(errorMessage(error), 'error')
    } finally {
      setBusy(false)
    }
  }
  const test = async () => {
    try {
      const { devices: count } = await sendTestNotification()
      showMessage(`A test notification is on its way to ${count} device${count === 1 ? '' : 's'}.`, 'info')
      setTimeout(reload, 5000) // the devices' last push or error
    } catch (error) {
      showMessage(errorMessage(error), 'error')
    }
  }

  const turnOnReason = !online ? OFFLINE_REASON : support === 'unsupported' ? UNSUPPORTED : support === 'denied' ? DENIED : null
  const testReason = !online ? OFFLINE_REASON : devices && devices.length === 0 ? 'No device has push yet.' : null
  return (
    <Stack gap="3" data-testid="push-settings">
      <Box>
        <Text fontSize="sm" fontWeight="medium">
          This device
        </Text>
        <Text fontSize="xs" color="fg.subtle" mb="2">
          {hereListed ? 'Push notifications reach this device, even with the portal closed.' : turnOnReason ?? 'Get notifications on this device even with the portal closed.'}
        </Text>
        {!hereListed && (
          <Button size="sm" colorPalette="brand" loading={busy} disabled={Boolean(turnOnReason)} title={turnOnReason ?? undefined} onClick={() => void turnOn()} data-testid="push-turn-on">
            Turn on push on this device
          </Button>
        )}
      </Box>
      {preferences && (
        <>
          <Choice label="Push to my devices" value={preferences.push} options={MODES} onChange={(push) => void choose({ push })} testId="push-mode" />
          <Toggle
            label="E-mail me when no device has push"
            hint="Assignments and the daily inspection list"
            checked={preferences.email}
            onChange={(email) => void choose({ email })}
            testId="push-email"
          />
        </>
      )}
      <Box>
        <Text fontSize="sm" fontWeight="medium" mb="1.5">
          Devices with push {devices ? `(${devices.length})` : ''}
        </Text>
        {devices && devices.length === 0 && (
          <Text fontSize="xs" color="fg.subtle" data-testid="push-no-devices">
            None yet.
          </Text>
        )}
        <Stack as="ul" gap="1.5" m="0" p="0">
          {devices?.map((device) => <DeviceRow key={device.id} device={device} here={device.id === here} onChanged={reload} />)}
        </Stack>
      </Box>
      <Button size="sm" variant="outline" disabled={Boolean(testReason)} title={testReason ?? undefined} onClick={() => void test()} data-testid="push-test">
        Send a test notification
      </Button>
    </Stack>
  )
}
