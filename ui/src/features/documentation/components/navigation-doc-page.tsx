import { List, Text } from '@chakra-ui/react'

import { Code, DocPage, DocSection, Snippet } from './doc-page'

/** /documentation/working-with-the-portal/navigation: the menu's configuration and behaviour. */
export default function NavigationDocPage() {
  return (
    <DocPage testId="doc-navigation" section="Working with the portal" title="Navigation" lead="The menu is configuration: a tree of groups, collapses and items, filtered by role.">
      <DocSection title="Where it is">
        <Text>
          The menu is derived from the route registry: each page's entry in <Code>src/app/routes.tsx</Code> or <Code>routes-samples.tsx</Code> may carry a{' '}
          <Code>nav</Code> part (id, section, order, icon, and a title when the menu's differs from the page's), and <Code>src/app/navigation.ts</Code> declares
          the groups and collapses it sits in. The model and its pure functions — role filtering, the active item, search, shortcuts — are in{' '}
          <Code>src/lib/navigation.ts</Code>.
        </Text>
      </DocSection>
      <DocSection title="Items">
        <List.Root ps="5" gap="1">
          <List.Item>
            <Code>group</Code> — a heading with children; <Code>collapse</Code> — opens and closes, and opens by itself when one of its pages is open.
          </List.Item>
          <List.Item>
            <Code>item</Code> — a page of the app; <Code>link</Code> — an outside address (<Code>external</Code>, optionally in a new tab); <Code>divider</Code>.
          </List.Item>
          <List.Item>
            Optional: <Code>icon</Code>, <Code>badge</Code> (e.g. the unread count), <Code>exact</Code> (active only on that very path) and <Code>auth</Code>.
          </List.Item>
        </List.Root>
        <Snippet>{`{
  id: 'auth-pages', title: 'Authentication', type: 'collapse', icon: 'lock',
  children: [
    { id: 'auth-forgot-password', title: 'Forgot password', type: 'item', url: '/pages/auth/forgot-password' },
  ],
}`}</Snippet>
      </DocSection>
      <DocSection title="Who sees what">
        <Text>
          <Code>filterNavigation(items, role)</Code> drops the items a role may not open, then collapses and groups left empty, and dividers with nothing around
          them. The admin pages are in the tree with <Code>auth: authRoles.admin</Code>, so only administrators see them.
        </Text>
      </DocSection>
      <DocSection title="Search and shortcuts">
        <Text>
          The toolbar's search looks through the navigation's items (and the records the user may read); the shortcuts bar keeps up to a few favourite items per user,
          saved with <Code>PATCH /me</Code>.
        </Text>
      </DocSection>
    </DocPage>
  )
}
