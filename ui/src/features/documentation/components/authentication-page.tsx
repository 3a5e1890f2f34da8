import { List, Table, Text } from '@chakra-ui/react'

import { Code, DocPage, DocSection, Snippet } from './doc-page'

/** /documentation/authentication */
export default function AuthenticationPage() {
  return (
    <DocPage testId="doc-authentication" section="Authentication" title="Authentication" lead="How people sign in, how roles decide what they see, and how the UI keeps its session.">
      <DocSection title="Signing in">
        <List.Root as="ol" ps="5" gap="1" listStyleType="decimal">
          <List.Item>The login page sends the username and password to the portal's own user pool.</List.Item>
          <List.Item>A new account answers with a challenge: the page asks for a new password of at least 8 characters.</List.Item>
          <List.Item>An account with two-step sign-in answers with a code challenge (an authenticator app's TOTP code).</List.Item>
          <List.Item>The answer is a set of tokens; the UI stores them and opens the page the user asked for, or the dashboard.</List.Item>
        </List.Root>
        <Text>
          With <em>Remember Me</em> on, the session is kept in local storage; off, in session storage, so it ends with the tab.
        </Text>
      </DocSection>
      <DocSection title="Roles">
        <Text>Roles come from the token's groups. They are ordered: each role may open what the roles below it may.</Text>
        <Table.Root size="sm" variant="outline">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Setting</Table.ColumnHeader>
              <Table.ColumnHeader>Who passes</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {[
              ['authRoles.admin', 'admin'],
              ['authRoles.manager', 'admin, manager'],
              ['authRoles.technician', 'admin, manager, technician'],
              ['authRoles.staff', 'all four roles'],
              ['authRoles.onlyGuest', 'nobody signed in (the login page)'],
            ].map(([setting, who]) => (
              <Table.Row key={setting}>
                <Table.Cell>
                  <Code>{setting}</Code>
                </Table.Cell>
                <Table.Cell>{who}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </DocSection>
      <DocSection title="Protecting a route">
        <Text>Each route in the registry carries its setting; the route guard sends a guest to the login page (remembering where they wanted to go) and anyone else without the role back to where they came from.</Text>
        <Snippet>{`{ path: '/pages/faq', element: <FaqPage />, auth: authRoles.staff, layout: 'main', title: 'FAQ' }`}</Snippet>
        <Text>
          Navigation items take the same setting in <Code>auth</Code>: an item the role may not open is not shown, and neither is a group left empty.
        </Text>
      </DocSection>
      <DocSection title="Calls and tokens">
        <Text>
          Every call goes through the one API client (<Code>src/data/client.ts</Code>), which adds the bearer token. When the server answers 401 the client refreshes
          the tokens once — calls failing at the same moment share that refresh — and retries; when the refresh is refused, the session ends and the login page
          opens. The realtime socket signs in with the same token.
        </Text>
      </DocSection>
    </DocPage>
  )
}
