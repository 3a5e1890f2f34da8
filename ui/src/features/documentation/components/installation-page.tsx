import { List, Text } from '@chakra-ui/react'

import { Code, DocPage, DocSection, Snippet } from './doc-page'

/** /documentation/getting-started/installation */
export default function InstallationPage() {
  return (
    <DocPage testId="doc-installation" section="Getting started" title="Installation" lead="Run the whole portal on one machine with one command, then work on the UI with a dev server.">
      <DocSection title="Requirements">
        <List.Root ps="5" gap="1">
          <List.Item>Python 3.11 or later</List.Item>
          <List.Item>Node.js 20.19 or later with npm (installed with apt-get when missing)</List.Item>
          <List.Item>Chromium, only for the browser tests</List.Item>
        </List.Root>
      </DocSection>
      <DocSection title="Run everything">
        <Snippet>{`./ops/run     # UI on http://localhost:3000, API on http://localhost:5000\n./ops/test    # every check and test; non-zero on any failure`}</Snippet>
        <Text>
          <Code>./ops/run</Code> creates <Code>.venv</Code>, installs the Python and npm packages, builds the UI, migrates the database and loads the demo data on the
          first start. With no configuration it uses a SQLite file and an embedded Redis; production settings (PostgreSQL, Redis, several app processes and workers)
          come from environment variables, and <Code>compose.yaml</Code> runs that set-up.
        </Text>
      </DocSection>
      <DocSection title="Work on the UI">
        <Snippet>{`cd ui\nnpm ci\nnpm run dev         # http://localhost:3000, the API expected on :5000\nnpm run lint        # eslint, zero warnings\nnpm run typecheck\nnpm test            # vitest\nnpm run build       # type check, then vite build -> dist/`}</Snippet>
        <Text>
          The built UI reads the API origin from <Code>/config.js</Code> (<Code>window.PORTAL_CONFIG = {'{'} apiBase: … {'}'}</Code>), so one build serves every
          environment.
        </Text>
      </DocSection>
      <DocSection title="Sign in">
        <Text>
          The demo users are <Code>admin</Code>, <Code>manager</Code>, <Code>technician</Code> and <Code>contractor</Code>; the password is in the repository's README.
          Demo users exist only in development.
        </Text>
      </DocSection>
    </DocPage>
  )
}
