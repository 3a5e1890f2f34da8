import { List, Text } from '@chakra-ui/react'

import { Code, DocPage, DocSection, Snippet } from './doc-page'

/** /documentation/working-with-the-portal/routing: the route registry, the guard and lazy pages. */
export default function RoutingPage() {
  return (
    <DocPage testId="doc-routing" section="Working with the portal" title="Routing" lead="One registry of routes; each page is a lazy chunk with its roles, its layout and its title.">
      <DocSection title="The registry">
        <Text>
          <Code>src/app/routes.tsx</Code> lists the product's pages and <Code>routes-samples.tsx</Code> the sample areas' (their own chunk). A route names its
          path, its element, who may open it, the layout, the document title and, when it has one, its place in the navigation — the menus, the toolbar's page
          search and the shortcuts are derived from these entries (<Code>src/app/navigation.ts</Code>), so adding a page is one entry:
        </Text>
        <Snippet>{`{ path: '/assets', element: <RecordListPage resource="assets" />,
  auth: authRoles.staff, layout: 'main', title: 'Assets',
  nav: { id: 'assets', section: 'portal', order: 30, icon: 'assets' } }`}</Snippet>
        <List.Root ps="5" gap="1">
          <List.Item>
            <Code>auth</Code>: a list of roles (<Code>authRoles.staff</Code>, <Code>authRoles.admin</Code>), <Code>[]</Code> for guests only (the sign-in page) or{' '}
            <Code>null</Code> for everyone (the error pages, the password reset pages).
          </List.Item>
          <List.Item>
            <Code>layout</Code>: <Code>main</Code> inside the shell (navbar, toolbar, panels), <Code>empty</Code> without it.
          </List.Item>
        </List.Root>
      </DocSection>
      <DocSection title="The guard">
        <Text>
          Every route is wrapped in <Code>RouteGuard</Code>; <Code>decideAccess</Code> in <Code>src/app/guard.ts</Code> decides: a guest is sent to{' '}
          <Code>/login</Code> and comes back to the page they asked for after signing in; a signed-in user without the role goes back where they came from, or home.
          The server checks every call on its own, so the guard is about what is shown, not about what is allowed.
        </Text>
      </DocSection>
      <DocSection title="Lazy pages">
        <Text>
          Pages are created with <Code>lazyPage(() =&gt; import(...))</Code>: the page's code, and the libraries only it uses (charts, the map, the icon font), download
          when it is first opened. The sign-in page and the shell are separate chunks too, so <Code>/login</Code> downloads neither the dashboard nor the shell.
        </Text>
      </DocSection>
      <DocSection title="Unknown addresses and redirects">
        <Text>
          An unknown address lands on <Code>/pages/errors/error-404</Code>. Addresses of the original template that differ from the portal's (for example{' '}
          <Code>/apps/dashboards/analytics</Code> or <Code>/pages/invoices/modern</Code>) are redirects in <Code>routes-samples.tsx</Code>, so old links keep working.
        </Text>
      </DocSection>
    </DocPage>
  )
}
