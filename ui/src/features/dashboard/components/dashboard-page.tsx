import { Alert, Badge, Box, Button, Container, Flex, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { useAtomValue } from 'jotai'
import type { ReactNode } from 'react'
import { Link as RouterLink } from 'react-router-dom'

import { AssetIcon, DocumentIcon, LogoutIcon, OpportunityIcon, RefreshIcon } from '@/components/icons'
import { useAsync } from '@/hooks/use-async'
import { errorMessage } from '@/lib/api'
import { ROLE_LABELS, userAtom } from '@/lib/auth'

import { fetchAssetStatusCounts, fetchTotals } from '../api'

import { StatCard } from './stat-card'
import { StatusBreakdown, StatusBreakdownSkeleton } from './status-breakdown'

function greeting(now: Date): string {
  const hour = now.getHours()
  if (hour < 12) return 'Good morning'
  if (hour < 18) return 'Good afternoon'
  return 'Good evening'
}

function LoadError({ error, onRetry, testId }: { error: unknown; onRetry: () => void; testId: string }) {
  return (
    <Alert.Root status="error" variant="subtle" borderRadius="lg" data-testid={testId}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>Could not load these figures</Alert.Title>
        <Alert.Description>{errorMessage(error)}</Alert.Description>
      </Alert.Content>
      <Button size="sm" variant="outline" onClick={onRetry} alignSelf="center">
        <RefreshIcon /> Try again
      </Button>
    </Alert.Root>
  )
}

function Section({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <Box as="section" aria-label={title}>
      <Heading as="h2" size="md" fontWeight="semibold">
        {title}
      </Heading>
      <Text fontSize="sm" color="fg.muted" mt="1" mb="5">
        {description}
      </Text>
      {children}
    </Box>
  )
}

export default function DashboardPage() {
  const user = useAtomValue(userAtom)
  const totals = useAsync(fetchTotals)
  const statuses = useAsync(fetchAssetStatusCounts)
  const now = new Date()
  const role = user.role[0]
  const name = user.data?.displayName || user.data?.username || 'there'
  const value = (key: 'assets' | 'leads' | 'documents') => (totals.status === 'success' ? totals.data[key] : null)

  return (
    <Container maxW="7xl" py={{ base: '6', md: '10' }} px={{ base: '4', md: '8' }} data-testid="dashboard-page">
      <Stack gap="10">
        <Flex
          direction={{ base: 'column', sm: 'row' }}
          justify="space-between"
          align={{ base: 'flex-start', sm: 'center' }}
          gap="4"
        >
          <Box>
            <Text fontSize="sm" color="fg.muted">
              {now.toLocaleDateString('en', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })}
            </Text>
            <HStack gap="3" mt="1" wrap="wrap">
              <Heading as="h1" size={{ base: '2xl', md: '3xl' }} data-testid="dashboard-greeting">
                {greeting(now)}, {name}
              </Heading>
              {role && (
                <Badge colorPalette="brand" variant="subtle" size="lg" data-testid="dashboard-role">
                  {ROLE_LABELS[role]}
                </Badge>
              )}
            </HStack>
            {user.data?.email && (
              <Text fontSize="sm" color="fg.subtle" mt="1">
                Signed in as {user.data.username} · {user.data.email}
              </Text>
            )}
          </Box>
          <Button asChild variant="outline" size="sm">
            <RouterLink to="/logout" data-testid="logout-link">
              <LogoutIcon /> Logout
            </RouterLink>
          </Button>
        </Flex>

        <Section title="Overview" description="Records across the portal.">
          {totals.status === 'error' ? (
            <LoadError error={totals.error} onRetry={totals.reload} testId="dashboard-totals-error" />
          ) : (
            <SimpleGrid columns={{ base: 1, md: 3 }} gap="5">
              <StatCard
                label="Assets"
                value={value('assets')}
                hint="Equipment in the asset register"
                icon={AssetIcon}
                testId="stat-assets"
              />
              <StatCard
                label="Opportunities"
                value={value('leads')}
                hint="Leads in the sales pipeline"
                icon={OpportunityIcon}
                testId="stat-leads"
              />
              <StatCard
                label="Documents"
                value={value('documents')}
                hint="Files uploaded by the team"
                icon={DocumentIcon}
                testId="stat-documents"
              />
            </SimpleGrid>
          )}
        </Section>

        <Section title="Assets by status" description="Condition of the assets in the register.">
          <Box bg="bg.panel" borderWidth="1px" borderColor="border.muted" borderRadius="xl" p={{ base: '4', md: '6' }}>
            {statuses.status === 'loading' && <StatusBreakdownSkeleton />}
            {statuses.status === 'error' && (
              <LoadError error={statuses.error} onRetry={statuses.reload} testId="dashboard-status-error" />
            )}
            {statuses.status === 'success' && <StatusBreakdown counts={statuses.data} />}
          </Box>
        </Section>
      </Stack>
    </Container>
  )
}
