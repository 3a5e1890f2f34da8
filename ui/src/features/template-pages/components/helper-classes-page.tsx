import { Box, Code, Flex, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'

import { Section } from '@/components/section'

import { PageLayout } from './page-layout'

function Example({ code, children }: { code: string; children: ReactNode }) {
  return (
    <Box borderWidth="1px" borderColor="border.muted" borderRadius="lg" overflow="hidden">
      <Box p="4" bg="bg.panel">
        {children}
      </Box>
      <Box as="pre" px="4" py="2.5" bg="bg.subtle" fontSize="xs" fontFamily="mono" overflowX="auto" borderTopWidth="1px" borderColor="border.muted">
        {code}
      </Box>
    </Box>
  )
}

const SPACES = ['1', '2', '4', '6', '8', '12'] as const
const SURFACES = ['bg', 'bg.panel', 'bg.subtle', 'bg.muted', 'brand.muted', 'brand.solid'] as const
const RADII = ['sm', 'md', 'lg', 'xl', '2xl', 'full'] as const

/** /ui/helper-classes: the style props that stand in for helper classes here (spacing, colour, layout, responsive). */
export default function HelperClassesPage() {
  return (
    <PageLayout
      style="simple"
      testId="helper-classes-page"
      header={{
        breadcrumb: 'User Interface',
        title: 'Helper classes',
        subtitle: 'The portal styles with Chakra UI style props instead of helper classes: the same shorthands, checked by TypeScript.',
      }}
    >
      <Stack gap="12" maxW="5xl">
        <Section size="lg" title="Spacing" intro={<>Padding and margin take the spacing scale: one step is 4 px. <Code>p</Code>, <Code>px</Code>, <Code>py</Code>, <Code>m</Code>, <Code>mt</Code>, <Code>gap</Code>…</>} testId="helpers-spacing">
          <Example code={`<Box p="4" />  // 16px   <Flex gap="2" />  // 8px between children`}>
            <Flex gap="3" align="flex-end" wrap="wrap">
              {SPACES.map((s) => (
                <Stack key={s} align="center" gap="1">
                  <Box bg="brand.solid" h="4" w={s} borderRadius="sm" />
                  <Code fontSize="2xs">{s}</Code>
                </Stack>
              ))}
            </Flex>
          </Example>
        </Section>
        <Section size="lg" title="Surfaces and colours" intro={<>Semantic tokens follow the theme (dark, light and the others of the settings panel): use them, not raw colours.</>} testId="helpers-colours">
          <SimpleGrid columns={{ base: 2, md: 3, lg: 6 }} gap="3">
            {SURFACES.map((s) => (
              <Box key={s} borderWidth="1px" borderColor="border" borderRadius="lg" overflow="hidden">
                <Box h="14" bg={s} />
                <Code display="block" px="2" py="1.5" fontSize="2xs" borderRadius="0">
                  bg=&quot;{s}&quot;
                </Code>
              </Box>
            ))}
          </SimpleGrid>
        </Section>
        <Section size="lg" title="Borders and corners" intro={<><Code>borderWidth</Code>, <Code>borderColor</Code> and <Code>borderRadius</Code> take tokens too.</>} testId="helpers-borders">
          <Flex gap="4" wrap="wrap">
            {RADII.map((r) => (
              <Stack key={r} align="center" gap="1">
                <Box boxSize="16" borderWidth="2px" borderColor="brand.solid" borderRadius={r} />
                <Code fontSize="2xs">{r}</Code>
              </Stack>
            ))}
          </Flex>
        </Section>
        <Section size="lg" title="Layout" intro={<><Code>Flex</Code>, <Code>Stack</Code>, <Code>Grid</Code> and <Code>SimpleGrid</Code> replace the flex and grid helper classes.</>} testId="helpers-layout">
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <Example code={`<Flex justify="space-between" align="center">`}>
              <Flex justify="space-between" align="center">
                <Box bg="bg.muted" px="3" py="2" borderRadius="md">Start</Box>
                <Box bg="bg.muted" px="3" py="2" borderRadius="md">End</Box>
              </Flex>
            </Example>
            <Example code={`<SimpleGrid columns={3} gap="2">`}>
              <SimpleGrid columns={3} gap="2">
                {[1, 2, 3].map((n) => (
                  <Box key={n} bg="bg.muted" py="2" textAlign="center" borderRadius="md">
                    {n}
                  </Box>
                ))}
              </SimpleGrid>
            </Example>
          </SimpleGrid>
        </Section>
        <Section size="lg" title="Responsive values" intro={<>Any prop takes an object of breakpoints (<Code>base</Code>, <Code>sm</Code>, <Code>md</Code>, <Code>lg</Code>, <Code>xl</Code>, <Code>2xl</Code>); resize the window to see this box change.</>} testId="helpers-responsive">
          <Example code={`<Box w={{ base: 'full', md: '1/2' }} bg={{ base: 'red.muted', md: 'green.muted', xl: 'blue.muted' }} />`}>
            <Box w={{ base: 'full', md: '1/2' }} bg={{ base: 'red.muted', md: 'green.muted', xl: 'blue.muted' }} p="4" borderRadius="md" textAlign="center">
              <Text display={{ base: 'block', md: 'none' }}>Phone: full width, red</Text>
              <Text display={{ base: 'none', md: 'block', xl: 'none' }}>Tablet: half width, green</Text>
              <Text display={{ base: 'none', xl: 'block' }}>Desktop: half width, blue</Text>
            </Box>
          </Example>
        </Section>
        <Section size="lg" title="Text helpers" intro={<><Code>truncate</Code>, <Code>lineClamp</Code>, <Code>textTransform</Code> and <Code>fontVariantNumeric</Code>.</>} testId="helpers-text">
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <Example code={`<Text truncate />`}>
              <Text truncate maxW="60">A long asset name that does not fit on one line of the table</Text>
            </Example>
            <Example code={`<Text fontVariantNumeric="tabular-nums" />`}>
              <Stack gap="0" fontVariantNumeric="tabular-nums" textAlign="end" maxW="32">
                <Text>1,111.11</Text>
                <Text>88,888.88</Text>
              </Stack>
            </Example>
          </SimpleGrid>
        </Section>
      </Stack>
    </PageLayout>
  )
}
