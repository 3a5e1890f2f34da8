import { List, Text } from '@chakra-ui/react'

import { Code, DocPage, DocSection, Snippet } from './doc-page'

/** /documentation/working-with-the-portal/api-calls: the one API client, loading data, errors and realtime. */
export default function ApiCallsPage() {
  return (
    <DocPage testId="doc-api-calls" section="Working with the portal" title="API calls" lead="Every call goes through one client; every page loads with one hook; live changes come over one socket.">
      <DocSection title="The client">
        <Text>
          <Code>api</Code> from <Code>src/data/client.ts</Code> sends JSON to the API named in <Code>/config.js</Code> (<Code>apiBase</Code>) with the access token.
        </Text>
        <List.Root ps="5" gap="1">
          <List.Item>On a 401 it refreshes the tokens once — one refresh shared by every call waiting — and retries; when the refresh is refused the session ends and the user goes to /login.</List.Item>
          <List.Item>GET answers carry an ETag; the client keeps recent answers and asks with If-None-Match, so an unchanged list costs a 304.</List.Item>
          <List.Item>
            Errors are <Code>ApiError</Code> with the server's message and per-field <Code>errors</Code>; <Code>errorMessage(error)</Code> gives the text to show.
          </List.Item>
          <List.Item>
            Calls made before sign-in pass <Code>{'{ auth: false }'}</Code> (sign-in, the password reset and the strength meter).
          </List.Item>
        </List.Root>
        <Snippet>{`import { api, errorMessage } from '@/data/client'

const asset = await api.get<Asset>(\`/assets/\${id}\`)
await api.patch(\`/assets/\${id}\`, { status: 'maintenance' })
await api.post('/auth/forgot-password', { email }, { auth: false })`}</Snippet>
      </DocSection>
      <DocSection title="Loading a page's data">
        <Text>
          <Code>useApiData(key, load)</Code> (<Code>src/hooks/use-api-data.ts</Code>) loads once per key, aborts a stale call, keeps the old data on screen while a new
          key loads, and gives the page <Code>reload</Code> and <Code>setData</Code>. The product's lists also reload when the realtime connection comes back
          (<Code>realtimeEpochAtom</Code>), so nothing pushed meanwhile is missed.
        </Text>
      </DocSection>
      <DocSection title="Realtime">
        <Text>
          <Code>src/data/socket.ts</Code> is the one Socket.IO client. It connects with the current token, and hands what the server pushes — record changes, chat
          messages, notifications, document progress — to the atoms in <Code>src/data/live.ts</Code>, which the pages read. Writes always go through the HTTP API;
          the socket only tells.
        </Text>
      </DocSection>
      <DocSection title="The API's description">
        <Text>
          <Code>GET /openapi.json</Code> describes every call — the product's and the sample areas' — with its parameters, whether it needs a token, and its error
          answers (422 with a message per field, 429 with Retry-After for the rate-limited ones).
        </Text>
      </DocSection>
    </DocPage>
  )
}
