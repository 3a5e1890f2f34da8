import { Box, CloseButton, Drawer, Heading, Portal, Separator, Stack, Text } from '@chakra-ui/react'
import { useAtom, useAtomValue } from 'jotai'

import { settingsAtom } from '@/lib/settings'

import { quickPanelOpenAtom } from './atoms'
import { Toggle } from './controls'
import { useUpdateSettings } from './use-settings'

/** Spec section 9. */
export const QUICK_PANEL_WIDTH = 280

function Today() {
  const now = new Date()
  return (
    <Box data-testid="quick-panel-date">
      <Text fontSize="sm" color="fg.muted">
        {now.toLocaleDateString('en', { weekday: 'long' })}
      </Text>
      <Text fontSize="4xl" fontWeight="bold" lineHeight="1.1">
        {now.toLocaleDateString('en', { day: 'numeric' })}
      </Text>
      <Text fontSize="md" color="fg.muted">
        {now.toLocaleDateString('en', { month: 'long', year: 'numeric' })}
      </Text>
    </Box>
  )
}

/** Quick panel: today's date, events, notes and quick-setting toggles (280 px). */
export function QuickPanel() {
  const [open, setOpen] = useAtom(quickPanelOpenAtom)
  const settings = useAtomValue(settingsAtom)
  const update = useUpdateSettings()
  return (
    <Drawer.Root open={open} onOpenChange={(d) => setOpen(d.open)} placement="end">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content w={`${QUICK_PANEL_WIDTH}px`} maxW={`${QUICK_PANEL_WIDTH}px`} data-testid="quick-panel">
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close quick panel" data-testid="quick-panel-close" />
            </Drawer.CloseTrigger>
            <Drawer.Body py="6">
              <Stack gap="6">
                <Today />
                <Separator />
                <Box>
                  <Heading as="h3" size="xs" textTransform="uppercase" letterSpacing="wider" color="fg.subtle" mb="2">
                    Events
                  </Heading>
                  <Text fontSize="sm" color="fg.muted" data-testid="quick-panel-events">
                    No events today.
                  </Text>
                </Box>
                <Box>
                  <Heading as="h3" size="xs" textTransform="uppercase" letterSpacing="wider" color="fg.subtle" mb="2">
                    Notes
                  </Heading>
                  <Text fontSize="sm" color="fg.muted" data-testid="quick-panel-notes">
                    No notes yet.
                  </Text>
                </Box>
                <Separator />
                <Box>
                  <Heading as="h3" size="xs" textTransform="uppercase" letterSpacing="wider" color="fg.subtle" mb="2">
                    Quick settings
                  </Heading>
                  <Toggle label="Animations" checked={settings.animations} onChange={(animations) => update({ animations })} testId="quick-panel-animations" />
                  <Toggle
                    label="Custom Scrollbars"
                    checked={settings.customScrollbars}
                    onChange={(customScrollbars) => update({ customScrollbars })}
                    testId="quick-panel-scrollbars"
                  />
                </Box>
              </Stack>
            </Drawer.Body>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  )
}
