import { Blockquote, Box, Code, Em, Heading, Kbd, List, Mark, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'

import { Section } from '@/components/section'

import { PageLayout } from './page-layout'

const HEADINGS = ['4xl', '3xl', '2xl', 'xl', 'lg', 'md', 'sm'] as const
const SIZES = ['2xs', 'xs', 'sm', 'md', 'lg', 'xl'] as const
const WEIGHTS = ['light', 'normal', 'medium', 'semibold', 'bold'] as const

/** The section headings of this page are underlined. */
const UNDERLINED = { pb: '2', borderBottomWidth: '1px', borderColor: 'border.muted' }

/** /ui/typography: the type scale, weights and text elements the portal uses. */
/** One sample of the type scale: the prop that sets it, then the text it gives. */
function Specimen({ code, children }: { code: string; children: ReactNode }) {
  return (
    <SimpleGrid columns={{ base: 1, md: 4 }} gap="2" alignItems="baseline">
      <Code w="fit-content">{code}</Code>
      <Box gridColumn={{ md: 'span 3' }}>{children}</Box>
    </SimpleGrid>
  )
}

export default function TypographyPage() {
  return (
    <PageLayout style="simple" testId="typography-page" header={{ breadcrumb: 'User Interface', title: 'Typography', subtitle: 'The type scale, weights and text elements used across the portal.' }}>
      <Stack gap="12" maxW="5xl">
        <Section size="lg" headingProps={UNDERLINED} title="Headings" testId="typography-headings">
          <Stack gap="4">
            {HEADINGS.map((size) => (
              <Specimen key={size} code={`size="${size}"`}>
                <Heading size={size}>Inspection due on the harbour cranes</Heading>
              </Specimen>
            ))}
          </Stack>
        </Section>
        <Section size="lg" headingProps={UNDERLINED} title="Body text" testId="typography-body">
          <Stack gap="3">
            {SIZES.map((size) => (
              <Specimen key={size} code={`fontSize="${size}"`}>
                <Text fontSize={size}>Technicians see the assets assigned to them first.</Text>
              </Specimen>
            ))}
          </Stack>
        </Section>
        <Section size="lg" headingProps={UNDERLINED} title="Weights" testId="typography-weights">
          <SimpleGrid columns={{ base: 2, sm: 3, md: 5 }} gap="4">
            {WEIGHTS.map((w) => (
              <Box key={w} p="4" borderWidth="1px" borderColor="border.muted" borderRadius="lg">
                <Text fontSize="2xl" fontWeight={w}>
                  Aa
                </Text>
                <Code mt="2">{w}</Code>
              </Box>
            ))}
          </SimpleGrid>
        </Section>
        <Section size="lg" headingProps={UNDERLINED} title="Colours of text" testId="typography-colours">
          <Stack gap="2">
            <Text color="fg">fg — the main text</Text>
            <Text color="fg.muted">fg.muted — labels and secondary lines</Text>
            <Text color="fg.subtle">fg.subtle — hints and timestamps</Text>
            <Text color="brand.fg">brand.fg — links and highlights</Text>
            <Text color="red.fg">red.fg — errors</Text>
          </Stack>
        </Section>
        <Section size="lg" headingProps={UNDERLINED} title="Text elements" testId="typography-elements">
          <Stack gap="5">
            <Text>
              Inline elements: <strong>strong</strong>, <Em>emphasis</Em>, <Mark bg="yellow.subtle">marked</Mark>, <Code>code</Code>, a keyboard shortcut <Kbd>Ctrl</Kbd> +{' '}
              <Kbd>K</Kbd>, and <Text as="span" textDecoration="line-through">struck through</Text>.
            </Text>
            <Blockquote.Root>
              <Blockquote.Content>Nothing is ever overwritten silently: a stale save is refused and the page offers to reload.</Blockquote.Content>
            </Blockquote.Root>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="6">
              <List.Root ps="5" gap="1">
                <List.Item>Unordered lists for things in no order</List.Item>
                <List.Item>Such as the roles: admin, manager, technician, contractor</List.Item>
              </List.Root>
              <List.Root as="ol" ps="5" gap="1" listStyleType="decimal">
                <List.Item>Ordered lists for steps</List.Item>
                <List.Item>Such as signing in, then choosing a new password</List.Item>
              </List.Root>
            </SimpleGrid>
            <Table.Root size="sm" variant="outline" maxW="lg">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Element</Table.ColumnHeader>
                  <Table.ColumnHeader>Use</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                <Table.Row>
                  <Table.Cell>Heading</Table.Cell>
                  <Table.Cell>Page and panel titles</Table.Cell>
                </Table.Row>
                <Table.Row>
                  <Table.Cell>Text</Table.Cell>
                  <Table.Cell>Everything else</Table.Cell>
                </Table.Row>
              </Table.Body>
            </Table.Root>
          </Stack>
        </Section>
      </Stack>
    </PageLayout>
  )
}
