import { Box, Button, Flex, Link, List, SimpleGrid, Text } from '@chakra-ui/react'

import { ExternalIcon } from '@/components/icons'

import { MARKETPLACE_URL, POWERED_BY } from '../powered-by'

import { DocPage, DocSection } from './doc-page'
import { TechLogo } from './logos'

function CartIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden>
      <path d="M3 3h2l2.4 12.1a2 2 0 0 0 2 1.6h8.7a2 2 0 0 0 2-1.6L22 7H6" />
      <circle cx="9" cy="21" r="1" />
      <circle cx="18" cy="21" r="1" />
    </svg>
  )
}

/** /documentation/getting-started/introduction: what the portal is, and the technologies it is built with. */
export default function IntroductionPage() {
  return (
    <DocPage
      testId="doc-introduction"
      section="Getting started"
      title="Introduction"
      lead="The staff portal of an engineering contractor, inside an admin template with a set of sample applications."
    >
      <DocSection title="What is in it">
        <Text>The portal has two parts that share one shell (navigation, toolbar, settings, Team Chat and the quick panel):</Text>
        <List.Root ps="5" gap="2">
          <List.Item>
            <strong>The product</strong> — sign-in, the dashboard, and the lists and detail pages of assets, documents and opportunities. Everything there is live:
            a change made by one person shows on everyone's screen without a reload.
          </List.Item>
          <List.Item>
            <strong>The template</strong> — sample applications (mail, calendar, academy, e-commerce, dashboards, knowledge pages and more), the page layouts and
            these pages. Their data comes from the portal's own API and is stored like the product's, so what you change stays changed.
          </List.Item>
        </List.Root>
      </DocSection>
      <DocSection title="Who can do what">
        <Text>
          Every page is open to the four staff roles — admin, manager, technician and contractor. What a role may change is decided by the server: contractors
          read, technicians also edit the assets assigned to them, managers create, edit and delete records, and administrators manage the users as well.
        </Text>
      </DocSection>
      <DocSection title="Built with">
        <Text>The portal stands on these projects; each logo opens its home page.</Text>
        <SimpleGrid columns={{ base: 2, sm: 3, md: 4 }} gap="3" data-testid="powered-by">
          {POWERED_BY.map((tech) => (
            <Link
              key={tech.id}
              href={tech.url}
              target="_blank"
              rel="noopener noreferrer"
              display="flex"
              flexDirection="column"
              alignItems="center"
              gap="2"
              p="4"
              bg="bg.panel"
              borderWidth="1px"
              borderColor="border.muted"
              borderRadius="lg"
              textDecoration="none"
              _hover={{ borderColor: 'brand.solid', textDecoration: 'none' }}
              data-testid={`tech-${tech.id}`}
              aria-label={`${tech.name} (opens in a new tab)`}
            >
              <TechLogo id={tech.id} />
              <Text fontSize="sm" fontWeight="medium">
                {tech.name}
              </Text>
              <Text fontSize="xs" color="fg.muted" textAlign="center">
                {tech.role}
              </Text>
            </Link>
          ))}
        </SimpleGrid>
      </DocSection>
      <Flex
        direction={{ base: 'column', sm: 'row' }}
        align={{ base: 'flex-start', sm: 'center' }}
        justify="space-between"
        gap="4"
        p="5"
        borderRadius="xl"
        bg="brand.muted"
        data-testid="marketplace"
      >
        <Box>
          <Text fontWeight="semibold">Want the template for your own project?</Text>
          <Text fontSize="sm" color="fg.muted">
            The admin template this portal grew from is sold on a theme marketplace.
          </Text>
        </Box>
        <Button asChild colorPalette="brand">
          <a href={MARKETPLACE_URL} target="_blank" rel="noopener noreferrer" data-testid="marketplace-button">
            <CartIcon /> Purchase <ExternalIcon boxSize="3.5" />
          </a>
        </Button>
      </Flex>
    </DocPage>
  )
}
