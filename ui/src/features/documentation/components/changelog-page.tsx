import { Badge, Box, HStack, List, Stack, Text } from '@chakra-ui/react'

import { DocPage } from './doc-page'

const ENTRIES: { title: string; tag: string; changes: string[] }[] = [
  {
    title: 'Sample areas: dashboards, academy, e-commerce and the knowledge pages',
    tag: 'Added',
    changes: [
      'Analytics dashboard: sales, conversion, impressions, visits, visitors and page views, a world map of visitors, sessions by device and the top campaigns.',
      'Project dashboard: due tasks, issues, task distribution, schedule, budget, team members, a live clock and the weather in °C/°F and km/h or mph.',
      'Academy: the course catalogue by category, and courses stepped through with the progress saved.',
      'E-commerce: products with search, sorting, paging and bulk (de)activation; the product form; orders with their status history and a printable invoice.',
      'FAQ, knowledge base, modern and compact invoices, profile, search results and the icon catalogue.',
      'Page layouts (carded, simple, blank), typography, helper classes and these documentation pages.',
    ],
  },
  {
    title: 'Sample areas: mail, to-do, notes, contacts, calendar, chat, scrumboard, file manager',
    tag: 'Added',
    changes: ['The applications of the template, each with its own API and stored data.'],
  },
  {
    title: 'The shell',
    tag: 'Added',
    changes: [
      'Layouts 1, 2 and 3, the navbar (folded, hover to open), the toolbar with search and shortcuts, and the settings panel.',
      'Team Chat with presence, the quick panel and notifications.',
    ],
  },
  {
    title: 'The product',
    tag: 'Added',
    changes: [
      'Sign-in with the new-password and two-step challenges, and roles from the token.',
      'The live dashboard, and the lists and detail pages of assets, documents and opportunities; concurrent edits are refused, never overwritten.',
    ],
  },
]

/** /documentation/changelog */
export default function ChangelogPage() {
  return (
    <DocPage testId="doc-changelog" section="Changelog" title="Changelog" lead="What changed in the portal, the newest first.">
      <Stack gap="6" data-testid="changelog">
        {ENTRIES.map((entry) => (
          <Box key={entry.title} borderStartWidth="3px" borderColor="brand.solid" ps="5">
            <HStack gap="3" mb="2" wrap="wrap">
              <Text fontWeight="semibold" fontSize="lg">
                {entry.title}
              </Text>
              <Badge colorPalette="green" variant="subtle">
                {entry.tag}
              </Badge>
            </HStack>
            <List.Root ps="5" gap="1" color="fg.muted">
              {entry.changes.map((c) => (
                <List.Item key={c}>{c}</List.Item>
              ))}
            </List.Root>
          </Box>
        ))}
      </Stack>
    </DocPage>
  )
}
