import { Link, Table, Text } from '@chakra-ui/react'

import { Code, DocPage, DocSection } from './doc-page'

const LIBRARIES: [string, string, string, string][] = [
  ['Chakra UI', '@chakra-ui/react', 'Every component and the theming (six themes, right-to-left)', 'https://chakra-ui.com/'],
  ['Jotai', 'jotai', 'State shared between components: the user, settings, live records', 'https://jotai.org/'],
  ['React Router', 'react-router-dom', 'Routes, the route guard, list state in the URL', 'https://reactrouter.com/'],
  ['Recharts', 'recharts', 'The dashboards\u2019 line, bar, area and doughnut charts', 'https://recharts.org/'],
  ['d3-geo + topojson-client + world-atlas', 'd3-geo', 'The analytics world map, drawn from bundled Natural Earth outlines: no map service, no key', 'https://d3js.org/d3-geo'],
  ['DOMPurify', 'dompurify', 'Sanitising HTML from the API before it is shown', 'https://github.com/cure53/DOMPurify'],
  ['Material Icons', 'material-icons', 'The icon font of the icon catalogue, bundled and served with the UI', 'https://fonts.google.com/icons'],
  ['Socket.IO client', 'socket.io-client', 'Live records, chat and presence', 'https://socket.io/'],
]

/** /documentation/third-party-components */
export default function ThirdPartyPage() {
  return (
    <DocPage testId="doc-third-party" section="Third-party components" title="Third-party components" lead="The libraries the UI relies on, and what each one does here.">
      <DocSection title="Libraries">
        <Table.ScrollArea>
          <Table.Root size="sm" variant="outline" data-testid="third-party-table">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Library</Table.ColumnHeader>
                <Table.ColumnHeader>Package</Table.ColumnHeader>
                <Table.ColumnHeader>Used for</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {LIBRARIES.map(([name, pkg, use, url]) => (
                <Table.Row key={pkg}>
                  <Table.Cell whiteSpace="nowrap">
                    <Link href={url} target="_blank" rel="noopener noreferrer" color="brand.fg">
                      {name}
                    </Link>
                  </Table.Cell>
                  <Table.Cell>
                    <Code>{pkg}</Code>
                  </Table.Cell>
                  <Table.Cell>{use}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      </DocSection>
      <DocSection title="Adding one">
        <Text>
          Prefer what is already here. A new library that is large (a chart, a calendar, a drag-and-drop kit) is imported only by the pages that need it, so it
          lands in their lazy chunk and never in the sign-in page or the shell. Check the build output: no chunk but the shell's should grow.
        </Text>
      </DocSection>
    </DocPage>
  )
}
