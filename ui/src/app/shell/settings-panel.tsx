import { Box, CloseButton, Drawer, Field, IconButton, NativeSelect, Portal, Separator, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { useAtom, useAtomValue, useSetAtom } from 'jotai'
import { useState, type ReactNode } from 'react'

import { SettingsIcon } from '@/components/icons'
import { Section } from '@/components/section'
import { errorMessage } from '@/data/client'
import { portalSettingsAtom, savePortalSettings } from '@/data/portal-settings'
import { BARS, LAYOUT_STYLES, LAYOUTS, settingsAtom, THEME_IDS, THEMES, type BarConfig, type LayoutMode, type ThemeSettings } from '@/data/settings'
import { userAtom } from '@/lib/auth'
import { showMessage } from '@/lib/snackbar'

import { settingsPanelOpenAtom } from './atoms'
import { Choice, Toggle } from '@/components/controls'
import { PushSettings } from '@/components/push-settings'
import { useUpdateSettings } from './use-settings'

/** Spec section 9: 380 px wide, at most 90% of the viewport. */
export const SETTINGS_PANEL_WIDTH = 380

const MODE_LABELS: Record<LayoutMode, string> = { fullwidth: 'Full width', boxed: 'Boxed', container: 'Container' }

function Sub({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box borderWidth="1px" borderColor="border.muted" borderRadius="lg" p="3">
      <Text fontSize="xs" fontWeight="semibold" textTransform="uppercase" letterSpacing="wider" color="fg.subtle" mb="2">
        {title}
      </Text>
      <Stack gap="2">{children}</Stack>
    </Box>
  )
}

function ThemeSelect({ part, label }: { part: keyof ThemeSettings; label: string }) {
  const settings = useAtomValue(settingsAtom)
  const update = useUpdateSettings()
  const current = settings.theme[part]
  return (
    <Field.Root>
      <Field.Label fontSize="xs" color="fg.muted">
        {label}
      </Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field
          value={current}
          onChange={(e) => update({ theme: { [part]: e.target.value as ThemeSettings[typeof part] } })}
          data-testid={`settings-theme-${part}`}
        >
          {THEME_IDS.map((id) => (
            <option key={id} value={id}>
              {THEMES[id].title} ({THEMES[id].mode})
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Box h="1.5" w="full" mt="1" borderRadius="full" style={{ background: `linear-gradient(90deg, ${THEMES[current].bg} 0 50%, ${THEMES[current].accent} 50%)` }} borderWidth="1px" borderColor="border" />
    </Field.Root>
  )
}

/** The choices of a bar besides showing it: how it scrolls and where it stands. */
const BAR_CHOICES: { key: 'style' | 'position'; label: string; options: { value: string; label: string }[] }[] = [
  {
    key: 'style',
    label: 'Style',
    options: [
      { value: 'fixed', label: 'Fixed' },
      { value: 'static', label: 'Static' },
    ],
  },
  {
    key: 'position',
    label: 'Position',
    options: [
      { value: 'above', label: 'Above' },
      { value: 'below', label: 'Below' },
    ],
  },
]

const BAR_TITLES: Record<(typeof BARS)[number], string> = { toolbar: 'Toolbar', footer: 'Footer' }

/** The toolbar's or the footer's settings: shown, fixed or static, above or below the navbar (as the layout style offers). */
function BarSettings({ part }: { part: (typeof BARS)[number] }) {
  const { style, config } = useAtomValue(settingsAtom).layout
  const offered = LAYOUTS[style].options[part]
  const update = useUpdateSettings()
  const set = (change: Partial<BarConfig>) => update({ layout: { config: { [part]: change } } })
  return (
    <Sub title={BAR_TITLES[part]}>
      <Toggle label="Display" checked={config[part].display} onChange={(display) => set({ display })} testId={`settings-${part}-display`} />
      {BAR_CHOICES.map(
        ({ key, label, options }) =>
          offered[key] && <Choice key={key} label={label} value={config[part][key]} options={options} onChange={(value) => set({ [key]: value })} testId={`settings-${part}-${key}`} />,
      )}
    </Sub>
  )
}

/** Admins only: what every user's portal shows (a portal-wide setting, saved on the server). */
function ForEveryone() {
  const { templateHidden } = useAtomValue(portalSettingsAtom)
  const setPortalSettings = useSetAtom(portalSettingsAtom)
  const [saving, setSaving] = useState(false)
  const change = (hidden: boolean) => {
    setSaving(true)
    savePortalSettings({ templateHidden: hidden }).then(
      (saved) => {
        setPortalSettings(saved)
        showMessage(hidden ? 'The template is hidden from everyone’s navigation.' : 'Everyone’s navigation shows the template again.', 'success')
      },
      (error: unknown) => showMessage(`The setting could not be saved: ${errorMessage(error)}`, 'error'),
    ).finally(() => setSaving(false))
  }
  return (
    <Section level="h3" size="sm" headerMb="3" title="For everyone">
      <Stack gap="3">
        <Toggle
          label="Hide the template for everyone"
          hint="Leaves the sample areas out of every user’s navigation; the product’s pages stay."
          checked={templateHidden}
          onChange={(hidden) => !saving && change(hidden)}
          testId="settings-template-hidden"
        />
      </Stack>
    </Section>
  )
}

function SettingsForm() {
  const settings = useAtomValue(settingsAtom)
  const update = useUpdateSettings()
  const isAdmin = useAtomValue(userAtom).role.includes('admin')
  const { style, config } = settings.layout
  const options = LAYOUTS[style].options
  const onOff = [
    { value: 'left', label: 'Left' },
    { value: 'right', label: 'Right' },
  ] as const
  return (
    <Stack gap="7">
      <Section level="h3" size="sm" headerMb="3" title="Layout">
        <Stack gap="3">
          <Choice
            label="Style"
            value={style}
            options={LAYOUT_STYLES.map((s) => ({ value: s, label: s.replace('layout', 'Layout ') }))}
            onChange={(s) => update({ layout: { style: s } })}
            testId="settings-layout-style"
          />
          <Text fontSize="xs" color="fg.subtle" mt="-1">
            {LAYOUTS[style].title}: {LAYOUTS[style].description}
          </Text>
          <Choice
            label="Mode"
            value={config.mode}
            options={options.modes.map((m) => ({ value: m, label: MODE_LABELS[m] }))}
            onChange={(mode) => update({ layout: { config: { mode } } })}
            testId="settings-layout-mode"
          />
          {options.scroll && (
            <Choice
              label="Scroll"
              value={config.scroll}
              options={[
                { value: 'content', label: 'Content' },
                { value: 'body', label: 'Whole page' },
              ]}
              onChange={(scroll) => update({ layout: { config: { scroll } } })}
              testId="settings-layout-scroll"
            />
          )}
          <Sub title="Navbar">
            <Toggle label="Display" checked={config.navbar.display} onChange={(display) => update({ layout: { config: { navbar: { display } } } })} testId="settings-navbar-display" />
            {options.navbar.folded && (
              <Toggle label="Folded" checked={config.navbar.folded} onChange={(folded) => update({ layout: { config: { navbar: { folded } } } })} testId="settings-navbar-folded" />
            )}
            {options.navbar.position && (
              <Choice label="Position" value={config.navbar.position} options={onOff} onChange={(position) => update({ layout: { config: { navbar: { position } } } })} testId="settings-navbar-position" />
            )}
          </Sub>
          {BARS.map((part) => (
            <BarSettings key={part} part={part} />
          ))}
          {options.sidePanels && (
            <Sub title="Side panels">
              <Toggle
                label="Team Chat strip"
                checked={config.rightSidePanel.display}
                onChange={(display) => update({ layout: { config: { rightSidePanel: { display } } } })}
                testId="settings-right-panel-display"
              />
            </Sub>
          )}
          <Choice
            label="Direction"
            value={settings.direction}
            options={[
              { value: 'ltr', label: 'LTR' },
              { value: 'rtl', label: 'RTL' },
            ]}
            onChange={(direction) => update({ direction })}
            testId="settings-direction"
          />
        </Stack>
      </Section>
      <Separator />
      <Section level="h3" size="sm" headerMb="3" title="Theme">
        <Stack gap="3">
          <SimpleGrid columns={2} gap="3">
            <ThemeSelect part="main" label="Main" />
            <ThemeSelect part="navbar" label="Navbar" />
            <ThemeSelect part="toolbar" label="Toolbar" />
            <ThemeSelect part="footer" label="Footer" />
          </SimpleGrid>
        </Stack>
      </Section>
      <Separator />
      <Section level="h3" size="sm" headerMb="3" title="Behaviour">
        <Stack gap="3">
          <Toggle label="Custom Scrollbars" checked={settings.customScrollbars} onChange={(customScrollbars) => update({ customScrollbars })} testId="settings-custom-scrollbars" />
          <Toggle label="Animations" checked={settings.animations} onChange={(animations) => update({ animations })} testId="settings-animations" />
        </Stack>
      </Section>
      <Separator />
      <Section level="h3" size="sm" headerMb="3" title="Notifications">
        <Stack gap="3">
          <PushSettings />
        </Stack>
      </Section>
      {isAdmin && (
        <>
          <Separator />
          <ForEveryone />
        </>
      )}
      <Text fontSize="sm" color="fg.muted" borderWidth="1px" borderColor="border.muted" borderRadius="md" p="3" data-testid="settings-note">
        Not all option combinations are available.
      </Text>
    </Stack>
  )
}

/** The floating button that opens the settings panel. */
export function SettingsFab({ offset }: { offset: number }) {
  const [, setOpen] = useAtom(settingsPanelOpenAtom)
  return (
    <IconButton
      aria-label="Settings"
      title="Settings"
      position="fixed"
      bottom="24"
      insetInlineEnd={`${offset}px`}
      zIndex="sticky"
      size="sm"
      borderEndRadius="0"
      colorPalette="brand"
      boxShadow="md"
      onClick={() => setOpen(true)}
      data-testid="settings-fab"
    >
      <SettingsIcon />
    </IconButton>
  )
}

export function SettingsPanel() {
  const [open, setOpen] = useAtom(settingsPanelOpenAtom)
  return (
    <Drawer.Root open={open} onOpenChange={(d) => setOpen(d.open)} placement="end">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content w={`${SETTINGS_PANEL_WIDTH}px`} maxW="90vw" data-testid="settings-panel">
            <Drawer.Header borderBottomWidth="1px" borderColor="border.muted">
              <Drawer.Title>Theme settings</Drawer.Title>
            </Drawer.Header>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close settings" data-testid="settings-close" />
            </Drawer.CloseTrigger>
            <Drawer.Body py="5">{open && <SettingsForm />}</Drawer.Body>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  )
}
