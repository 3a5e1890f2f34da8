import { List, Text } from '@chakra-ui/react'

import { Code, DocPage, DocSection, Snippet } from './doc-page'

/** /documentation/working-with-the-portal/theming: how the portal's colours and themes work. */
export default function ThemingPage() {
  return (
    <DocPage testId="doc-theming" section="Working with the portal" title="Theming" lead="Two layers: Chakra UI's design system with the portal's brand, and six named themes that repaint the shell's surfaces.">
      <DocSection title="The design system">
        <Text>
          Pages are styled with Chakra UI 3 props and semantic tokens — <Code>bg</Code>, <Code>bg.panel</Code>, <Code>bg.subtle</Code>, <Code>fg.muted</Code>,{' '}
          <Code>border.muted</Code> and the <Code>brand</Code> palette (teal). The brand is defined once in <Code>src/config/theme.ts</Code> (<Code>brandConfig</Code>),
          with light and dark values chosen so text on <Code>brand.solid</Code> meets WCAG AA.
        </Text>
        <Snippet>{`<Button colorPalette="brand">Save</Button>
<Box bg="bg.panel" borderWidth="1px" borderColor="border.muted" borderRadius="xl" p="6" />`}</Snippet>
      </DocSection>
      <DocSection title="Two systems, loaded in turn">
        <Text>
          The sign-in page renders with a small start system (only the recipes it uses), so <Code>/login</Code> stays light. Every other page is created with{' '}
          <Code>lazyPage()</Code> from <Code>src/lib/theme-system.ts</Code>, which downloads the page and the full system (<Code>src/config/theme-full.ts</Code>)
          together, so a page never renders unstyled.
        </Text>
      </DocSection>
      <DocSection title="Named themes">
        <Text>
          <Code>dark</Code>, <Code>midnight</Code>, <Code>graphite</Code>, <Code>forest</Code>, <Code>light</Code> and <Code>paper</Code> live in{' '}
          <Code>THEMES</Code> (<Code>src/data/settings.ts</Code>). Each user picks one for the main area, the navbar, the toolbar and the footer in the settings panel
          (the cog at the right edge). <Code>themeVars(id)</Code> in <Code>src/app/shell/theme-vars.ts</Code> turns a theme into CSS variables that repaint
          Chakra's semantic surfaces, so components need no theme-specific code.
        </Text>
        <List.Root ps="5" gap="1">
          <List.Item>The main theme goes on the document root while the shell is shown; the sign-in page keeps its own look.</List.Item>
          <List.Item>The navbar, toolbar and footer each get their theme's variables on their own element.</List.Item>
          <List.Item>The choice is saved with the user (PATCH /me) and follows them to every device.</List.Item>
        </List.Root>
      </DocSection>
      <DocSection title="Adding a theme">
        <Text>
          Add an entry to <Code>THEMES</Code> and its id to <Code>THEME_IDS</Code>: the settings panel lists it, and stored settings that name an unknown theme fall
          back to the default when they are read (<Code>mergeSettings</Code>).
        </Text>
      </DocSection>
    </DocPage>
  )
}
