import { List, Text } from '@chakra-ui/react'

import { Code, DocPage, DocSection, Snippet } from './doc-page'

/** /documentation/working-with-the-portal/settings: the shell's settings and where they are kept. */
export default function SettingsDocPage() {
  return (
    <DocPage testId="doc-settings" section="Working with the portal" title="Settings" lead="Every user arranges the shell for themselves; the settings are saved with their account.">
      <DocSection title="What can be set">
        <List.Root ps="5" gap="2">
          <List.Item>
            <strong>Layout</strong> — layout 1 (vertical navbar), 2 (horizontal navigation under the toolbar) or 3 (horizontal, boxed), and per layout: full width,
            boxed or container; which area scrolls; navbar shown, folded and on which side; toolbar and footer fixed or static, above or below.
          </List.Item>
          <List.Item>
            <strong>Themes</strong> — one of the named themes for the main area, the navbar, the toolbar and the footer (see Theming).
          </List.Item>
          <List.Item>
            <strong>Direction</strong> (left-to-right or right-to-left), <strong>animations</strong> and <strong>custom scrollbars</strong>.
          </List.Item>
        </List.Root>
        <Text>The settings panel (the cog at the right edge, or in the toolbar on a phone) shows only the options the chosen layout offers.</Text>
      </DocSection>
      <DocSection title="How they are stored">
        <Text>
          The settings are one JSON document on the user, saved with <Code>PATCH /me</Code>; <Code>src/data/settings.ts</Code> describes it (version 1):
        </Text>
        <Snippet>{`{
  "version": 1,
  "layout": { "style": "layout1", "config": { "mode": "fullwidth", "scroll": "content", ... } },
  "theme": { "main": "dark", "navbar": "midnight", "toolbar": "dark", "footer": "dark" },
  "direction": "ltr",
  "animations": true,
  "customScrollbars": true,
  "navigation": { "templateOpen": true }
}`}</Snippet>
        <Text>
          What is stored is merged over the defaults value by value (<Code>mergeSettings</Code>): unknown keys and invalid values are dropped, so an old or
          hand-edited document never breaks the shell. A change made offline is queued and sent when the connection is back.
        </Text>
      </DocSection>
      <DocSection title="Portal-wide settings">
        <Text>
          One setting is the same for everyone: an administrator can leave the template's sample areas out of the navigation (<Code>GET /portal-settings</Code>,{' '}
          <Code>templateHidden</Code>). Their pages stay reachable by address, and the change reaches every open browser at once over the realtime connection.
        </Text>
      </DocSection>
      <DocSection title="Server settings">
        <Text>
          The API reads its settings from environment variables (<Code>app/settings.py</Code>): database, Redis, storage, e-mail (<Code>EMAIL_BACKEND</Code>,{' '}
          <Code>SMTP_*</Code>), rate limits (<Code>RATE_LIMIT_*</Code>), password rules and the company sign-in. The README lists them with their defaults.
        </Text>
      </DocSection>
    </DocPage>
  )
}
