import { Box, Code, Heading, Stack, Text, type BoxProps } from '@chakra-ui/react'
import type { ReactNode } from 'react'

/** A documentation page: breadcrumb, title and lead, then the article. */
export function DocPage({ section, title, lead, children, testId }: { section: string; title: string; lead: ReactNode; children: ReactNode; testId: string }) {
  return (
    <Box data-testid={testId}>
      <Box px={{ base: '4', md: '8' }} py={{ base: '6', md: '8' }} bg="bg.subtle" borderBottomWidth="1px" borderColor="border.muted">
        <Text fontSize="xs" color="fg.muted" mb="1">
          Documentation / {section}
        </Text>
        <Heading as="h1" size={{ base: 'xl', md: '2xl' }} data-testid="doc-title">
          {title}
        </Heading>
        <Text color="fg.muted" mt="1" maxW="3xl">
          {lead}
        </Text>
      </Box>
      <Box px={{ base: '4', md: '8' }} py="8">
        <Stack as="article" gap="8" maxW="3xl" lineHeight="tall">
          {children}
        </Stack>
      </Box>
    </Box>
  )
}

export function DocSection({ title, children, id }: { title: string; children: ReactNode; id?: string }) {
  return (
    <Stack as="section" gap="3" id={id} aria-label={title}>
      <Heading as="h2" size="lg">
        {title}
      </Heading>
      {children}
    </Stack>
  )
}

export function Snippet({ children, ...rest }: { children: string } & BoxProps) {
  return (
    <Box as="pre" bg="bg.subtle" borderWidth="1px" borderColor="border.muted" borderRadius="lg" p="4" fontSize="sm" fontFamily="mono" overflowX="auto" lineHeight="short" {...rest}>
      {children}
    </Box>
  )
}

export { Code }
