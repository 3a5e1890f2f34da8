import { Box, Code, Heading, List, Stack, Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { Navigate, NavLink, useParams } from 'react-router-dom'

import { LAYOUT_STYLES, LAYOUT_VARIANTS, layoutSpec, variantTitle, type LayoutSpec } from '../layouts'

import { PageLayout } from './page-layout'

function LayoutLinks({ current }: { current: LayoutSpec }) {
  return (
    <Stack gap="4" data-testid="layout-links">
      {LAYOUT_STYLES.map((style) => (
        <Box key={style}>
          <Text fontSize="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase" letterSpacing="wider" mb="1.5">
            {style === 'carded' ? 'Carded' : 'Simple'}
          </Text>
          <Stack gap="0.5">
            {LAYOUT_VARIANTS[style].map((variant) => {
              const active = current.style === style && current.variant === variant
              return (
                <Box
                  asChild
                  key={variant}
                  display="block"
                  px="3"
                  py="1.5"
                  borderRadius="md"
                  fontSize="sm"
                  bg={active ? 'brand.muted' : undefined}
                  color={active ? 'brand.fg' : 'fg.muted'}
                  fontWeight={active ? 'semibold' : 'normal'}
                  _hover={{ bg: active ? undefined : 'bg.subtle', color: 'fg' }}
                >
                  <NavLink to={`/ui/page-layouts/${style}/${variant}`}>{variantTitle(variant)}</NavLink>
                </Box>
              )
            })}
          </Stack>
        </Box>
      ))}
      <Box asChild display="block" px="3" py="1.5" borderRadius="md" fontSize="sm" color="fg.muted" _hover={{ bg: 'bg.subtle', color: 'fg' }}>
        <NavLink to="/ui/page-layouts/blank">Blank</NavLink>
      </Box>
    </Stack>
  )
}

/** One part of the layout's explanation: an h2 over its text. */
function DemoSection({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <Stack gap="3" maxW="3xl" data-testid={testId}>
      <Heading as="h2" size="lg">
        {title}
      </Heading>
      {children}
    </Stack>
  )
}

function Overview({ spec }: { spec: LayoutSpec }) {
  return (
    <DemoSection title="When to use it" testId="layout-overview">
      <Text>
        {spec.style === 'carded'
          ? 'The carded layout lifts the content onto a card over a coloured header. It suits pages that are one object or one list — a product, an order, a table of records — where the header names the thing and the card holds it.'
          : 'The simple layout puts the content straight on the page background under a light header band. It suits reading and dashboards: long text, grids of widgets, settings pages.'}
      </Text>
      <Text>
        {spec.sidebar === 'none'
          ? 'Without a sidebar the content gets the full width, which tables and charts need.'
          : `The ${spec.sidebar} sidebar holds what moves you around inside the page — folders, filters, a table of contents — and stays in view while the content scrolls. On a phone it becomes a drawer opened from the header.`}{' '}
        {spec.tabbed ? 'Tabs split the content into views that share the header, so switching is instant and the header never jumps.' : ''}
      </Text>
      {spec.innerScroll && (
        <Text data-testid="layout-inner-scroll-note">
          This is a “2” variant: the page itself does not scroll. The header stays in place and the content scrolls inside its own area — the choice for long
          lists where the title and the actions must stay in reach.
        </Text>
      )}
      {spec.style === 'simple' && spec.sidebar !== 'none' && (
        <Text>
          {spec.sidebarBesideHeader
            ? 'The sidebar runs the full height of the page, beside the header.'
            : 'This is a “3” variant: the sidebar sits under the header, inside the page, so the header spans the full width.'}
        </Text>
      )}
    </DemoSection>
  )
}

function Structure({ spec }: { spec: LayoutSpec }) {
  return (
    <DemoSection title="Structure" testId="layout-structure">
      <List.Root gap="2" ps="5">
        <List.Item>
          <strong>Header</strong> — breadcrumb, title, a line of context and the page's actions{spec.style === 'carded' ? ', on the coloured band' : ''}.
        </List.Item>
        {spec.sidebar !== 'none' && (
          <List.Item>
            <strong>Sidebar</strong> — 280 px on the {spec.sidebar}, from the large breakpoint up; a drawer below it.
          </List.Item>
        )}
        {spec.tabbed && (
          <List.Item>
            <strong>Tabs</strong> — under the header; each tab's content mounts the first time it is opened.
          </List.Item>
        )}
        <List.Item>
          <strong>Content</strong> — {spec.style === 'carded' ? 'a card with the panel background, a border and a shadow' : 'the page background with the page padding'}.
        </List.Item>
      </List.Root>
    </DemoSection>
  )
}

function Usage({ spec }: { spec: LayoutSpec }) {
  const code = [
    `<PageLayout`,
    `  style="${spec.style}"`,
    `  header={{ title: 'Orders', subtitle: '40 orders' }}`,
    spec.sidebar !== 'none' ? `  sidebar={{ side: '${spec.sidebar}', title: 'Filters', content: <Filters /> }}` : null,
    spec.tabbed ? `  tabs={[{ value: 'open', label: 'Open', content: <OpenOrders /> }, ...]}` : null,
    spec.tabbed ? `/>` : `>`,
    spec.tabbed ? null : `  <OrdersTable />`,
    spec.tabbed ? null : `</PageLayout>`,
  ]
    .filter(Boolean)
    .join('\n')
  return (
    <DemoSection title="Usage" testId="layout-usage">
      <Text>
        The layouts are one component, <Code>PageLayout</Code>, in <Code>src/features/template-pages/components/page-layout.tsx</Code>. A page passes its header, and optionally a
        sidebar and tabs:
      </Text>
      <Box as="pre" bg="bg.subtle" borderWidth="1px" borderColor="border.muted" borderRadius="lg" p="4" fontSize="sm" overflowX="auto" fontFamily="mono">
        {code}
      </Box>
    </DemoSection>
  )
}

/** /ui/page-layouts/:style/:variant: each page layout, showing itself. */
export default function LayoutDemoPage() {
  const { style, variant } = useParams()
  const spec = layoutSpec(style, variant)
  if (!spec) return <Navigate to="/pages/errors/error-404" replace />
  const sections = [
    { value: 'overview', label: 'Overview', content: <Overview spec={spec} /> },
    { value: 'structure', label: 'Structure', content: <Structure spec={spec} /> },
    { value: 'usage', label: 'Usage', content: <Usage spec={spec} /> },
  ]
  return (
    <PageLayout
      key={spec.path}
      style={spec.style}
      testId="layout-demo-page"
      header={{ breadcrumb: 'User Interface / Page layouts', title: spec.title, subtitle: 'A page layout of the template, describing itself.' }}
      sidebar={spec.sidebar === 'none' ? undefined : { side: spec.sidebar, title: 'Layouts', content: <LayoutLinks current={spec} /> }}
      innerScroll={spec.innerScroll}
      sidebarBesideHeader={spec.sidebarBesideHeader}
      tabs={spec.tabbed ? sections : undefined}
    >
      {!spec.tabbed && (
        <Stack gap="10">
          {sections.map((s) => (
            <Box key={s.value}>{s.content}</Box>
          ))}
        </Stack>
      )}
    </PageLayout>
  )
}
