import { Alert, Badge, Box, Button, Container, Flex, Grid, Heading, HStack, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react'
import { useAtomValue } from 'jotai'
import { useMemo, type ReactNode } from 'react'
import { Link as RouterLink } from 'react-router-dom'

import { AlertIcon, AssetIcon, CalendarIcon, DocumentIcon, LogoutIcon, OpportunityIcon, RefreshIcon } from '@/components/icons'
import { errorMessage } from '@/data/client'
import { ROLE_LABELS, userAtom } from '@/lib/auth'
import { formatDate, formatK, formatMoney, formatNumber, formatRelative } from '@/lib/format'
import { recordEventLogAtom } from '@/data/live'
import { valueColor } from '@/lib/record-colors'
import { RESOURCE_LABELS } from '@/data/records'

import { actorLabel, fieldLabel, isInternalField } from '@/lib/record-labels'

import { recentActivity, type Activity, type Count, type Inspection } from '../stats'
import { useDashboardData } from '../use-dashboard-data'

import { CountChart, PipelineChart } from './charts'
import { StatCard } from './stat-card'
import { StatusBreakdown, StatusBreakdownSkeleton } from './status-breakdown'

/** The fields an activity changed, as the forms label them (storage internals left out). */
function changedLabels(a: Activity): string[] {
  return a.changed.filter((key) => !isInternalField(key)).map((key) => fieldLabel(a.resource, key))
}

function greeting(now: Date): string {
  const hour = now.getHours()
  if (hour < 12) return 'Good morning'
  if (hour < 18) return 'Good afternoon'
  return 'Good evening'
}

function Panel({ title, description, children, testId, action }: { title: string; description?: string; children: ReactNode; testId?: string; action?: ReactNode }) {
  return (
    <Box as="section" aria-label={title} bg="bg.panel" borderWidth="1px" borderColor="border.muted" borderRadius="xl" p={{ base: '4', md: '6' }} minW="0" data-testid={testId}>
      <Flex justify="space-between" align="flex-start" gap="3" mb="4">
        <Box>
          <Heading as="h2" size="md" fontWeight="semibold">
            {title}
          </Heading>
          {description && (
            <Text fontSize="sm" color="fg.muted" mt="1">
              {description}
            </Text>
          )}
        </Box>
        {action}
      </Flex>
      {children}
    </Box>
  )
}

function Figure({ label, value, testId, hint }: { label: string; value: string; testId: string; hint?: string }) {
  return (
    <Box>
      <Text fontSize="xs" color="fg.muted">
        {label}
      </Text>
      <Text fontSize="xl" fontWeight="bold" data-testid={testId} title={hint}>
        {value}
      </Text>
    </Box>
  )
}

function InspectionList({ items, days }: { items: Inspection[]; days: number }) {
  if (items.length === 0) {
    return (
      <Text fontSize="sm" color="fg.muted">
        Nothing due in the next {days} days.
      </Text>
    )
  }
  return (
    <Stack as="ul" gap="1" data-testid="inspection-list">
      {items.slice(0, 8).map((item) => (
        <Flex as="li" key={item.id} justify="space-between" gap="3" py="1.5" borderBottomWidth="1px" borderColor="border.muted" data-testid={`inspection-${item.id}`}>
          <Box minW="0">
            <RouterLink to={`/assets/${item.id}`}>
              <Text fontSize="sm" fontWeight="medium" truncate _hover={{ color: 'brand.fg' }}>
                {item.tag} · {item.name}
              </Text>
            </RouterLink>
            <Text fontSize="xs" color="fg.subtle">
              {item.technician ?? 'Unassigned'}
            </Text>
          </Box>
          <Box textAlign="end" flexShrink={0}>
            <Text fontSize="sm">{formatDate(item.date)}</Text>
            <Badge size="sm" colorPalette={item.days < 0 ? 'red' : item.days <= 7 ? 'orange' : 'gray'}>
              {item.days < 0 ? `${-item.days} d overdue` : item.days === 0 ? 'today' : `in ${item.days} d`}
            </Badge>
          </Box>
        </Flex>
      ))}
    </Stack>
  )
}

function DocumentStates({ counts }: { counts: Count[] }) {
  return (
    <SimpleGrid columns={2} gap="3">
      {counts.map((c) => (
        <Box key={c.value} p="3" borderRadius="lg" bg="bg.subtle" borderLeftWidth="4px" borderLeftColor={valueColor('documentStates', c.value) ?? 'border'} data-testid={`doc-state-${c.value}`}>
          <Text fontSize="xs" color="fg.muted">
            {c.label}
          </Text>
          <Text fontSize="2xl" fontWeight="bold" data-testid={`doc-state-${c.value}-count`}>
            {formatNumber(c.count)}
          </Text>
        </Box>
      ))}
    </SimpleGrid>
  )
}

const ACTION_COLOURS = { created: 'green', updated: 'blue', deleted: 'red' } as const

function ActivityList({ items }: { items: Activity[] }) {
  if (items.length === 0) {
    return (
      <Text fontSize="sm" color="fg.muted">
        No activity yet.
      </Text>
    )
  }
  return (
    <Stack as="ul" gap="2" data-testid="activity-list">
      {items.map((a) => (
        <Flex as="li" key={`${a.key}@${a.at}`} gap="3" align="flex-start" data-testid={`activity-${a.resource}-${a.id}`}>
          <Badge size="sm" colorPalette={ACTION_COLOURS[a.action]} mt="0.5" flexShrink={0}>
            {a.action}
          </Badge>
          <Box minW="0" flex="1">
            {a.action === 'deleted' ? (
              <Text fontSize="sm" truncate>
                {a.title}
              </Text>
            ) : (
              <RouterLink to={`${RESOURCE_LABELS[a.resource].path}/${a.id}`}>
                <Text fontSize="sm" truncate _hover={{ color: 'brand.fg' }}>
                  {a.title}
                </Text>
              </RouterLink>
            )}
            <Text fontSize="xs" color="fg.subtle">
              {RESOURCE_LABELS[a.resource].one}
              {` · ${actorLabel(a.resource, a.actor ? { displayName: a.actor } : null)}`}
              {changedLabels(a).length ? ` · ${changedLabels(a).join(', ')}` : ''} · {formatRelative(a.at)}
            </Text>
          </Box>
        </Flex>
      ))}
    </Stack>
  )
}

export default function DashboardPage() {
  const user = useAtomValue(userAtom)
  const log = useAtomValue(recordEventLogAtom)
  const data = useDashboardData()
  const now = new Date()
  const role = user.role[0]
  const name = user.data?.displayName || user.data?.username || 'there'
  const stats = data.stats
  const ready = data.status === 'success' && stats !== null
  const history = data.summary?.recent
  const activity = useMemo(() => recentActivity(history ?? [], log), [history, log])
  const docCount = (state: string) => stats?.documentsByState.find((c) => c.value === state)?.count ?? 0

  return (
    <Container maxW="7xl" py={{ base: '6', md: '10' }} px={{ base: '4', md: '8' }} data-testid="dashboard-page">
      <Stack gap="8">
        <Flex direction={{ base: 'column', sm: 'row' }} justify="space-between" align={{ base: 'flex-start', sm: 'center' }} gap="4">
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

        {data.status === 'error' && (
          <Alert.Root status="error" variant="subtle" borderRadius="lg" data-testid="dashboard-error">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>Could not load these figures</Alert.Title>
              <Alert.Description>{errorMessage(data.error)}</Alert.Description>
            </Alert.Content>
            <Button size="sm" variant="outline" onClick={data.reload} alignSelf="center">
              <RefreshIcon /> Try again
            </Button>
          </Alert.Root>
        )}

        <SimpleGrid columns={{ base: 1, sm: 2, xl: 4 }} gap="5" as="section" aria-label="Overview">
          <StatCard label="Assets" value={stats && ready ? stats.totals.assets : null} hint="Equipment in the asset register" icon={AssetIcon} testId="stat-assets" />
          <StatCard
            label="Opportunities"
            value={stats && ready ? stats.totals.leads : null}
            hint={stats ? `${formatNumber(stats.openLeads)} open · ${formatK(stats.pipelineValue)} in the pipeline` : 'Leads in the sales pipeline'}
            icon={OpportunityIcon}
            testId="stat-leads"
          />
          <StatCard
            label="Documents"
            value={stats && ready ? stats.totals.documents : null}
            hint={stats ? `${formatNumber(docCount('processing') + docCount('queued'))} processing · ${formatNumber(docCount('failed'))} failed` : 'Files uploaded by the team'}
            icon={DocumentIcon}
            testId="stat-documents"
          />
          <StatCard
            label="Due for inspection"
            value={stats && ready ? stats.overdue + stats.dueSoon : null}
            hint={stats ? `${formatNumber(stats.overdue)} overdue · next ${stats.horizonDays} days` : 'Assets to inspect soon'}
            icon={CalendarIcon}
            testId="stat-inspections"
          />
        </SimpleGrid>

        <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 3fr) minmax(0, 2fr)' }} gap="5">
          <Panel title="Assets by status" description="Condition of the assets in the register." testId="panel-asset-status">
            {stats && ready ? <StatusBreakdown counts={stats.assetsByStatus} /> : <StatusBreakdownSkeleton />}
          </Panel>
          <Panel title="Assets by risk" description="Risk levels across the register." testId="panel-asset-risk">
            {stats && ready ? <CountChart counts={stats.assetsByRisk} list="risks" testId="risk-chart" /> : <Skeleton h="220px" />}
          </Panel>
        </Grid>

        <Panel
          title="Pipeline by stage"
          description="Estimated value of the opportunities per stage, and the same weighted by probability."
          testId="panel-pipeline"
        >
          {stats && ready ? (
            <Stack gap="5">
              <SimpleGrid columns={{ base: 2, md: 4 }} gap="4">
                <Figure label="Open opportunities" value={formatNumber(stats.openLeads)} testId="stat-open-leads" />
                <Figure label="Open pipeline" value={formatK(stats.pipelineValue)} hint={formatMoney(stats.pipelineValue)} testId="stat-pipeline-value" />
                <Figure label="Weighted pipeline" value={formatK(stats.weightedValue)} hint={formatMoney(stats.weightedValue)} testId="stat-weighted-value" />
                <Figure label="Won" value={formatK(stats.wonValue)} hint={formatMoney(stats.wonValue)} testId="stat-won-value" />
              </SimpleGrid>
              <PipelineChart stages={stats.stages} />
            </Stack>
          ) : (
            <Skeleton h="300px" />
          )}
        </Panel>

        <Grid templateColumns={{ base: '1fr', lg: 'repeat(3, minmax(0, 1fr))' }} gap="5">
          <Panel
            title="Due for inspection"
            description={`Overdue and the next ${stats?.horizonDays ?? 30} days.`}
            testId="panel-inspections"
            action={stats && stats.overdue > 0 ? <Badge colorPalette="red"><AlertIcon boxSize="3" /> {stats.overdue} overdue</Badge> : undefined}
          >
            {stats && ready && data.inspections ? <InspectionList items={data.inspections} days={stats.horizonDays} /> : <Skeleton h="40" />}
          </Panel>
          <Panel title="Documents" description="Processing state of the uploads." testId="panel-documents">
            {stats && ready ? <DocumentStates counts={stats.documentsByState} /> : <Skeleton h="40" />}
          </Panel>
          <Panel title="Recent activity" description="Latest changes, live." testId="panel-activity">
            {ready ? <ActivityList items={activity} /> : <Skeleton h="40" />}
          </Panel>
        </Grid>
      </Stack>
    </Container>
  )
}
