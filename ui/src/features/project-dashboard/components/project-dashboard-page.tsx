import { Box, Button, Flex, Grid, Heading, Menu, Portal, SimpleGrid, Skeleton, Stack, Tabs, Text } from '@chakra-ui/react'
import { useAtom, useAtomValue } from 'jotai'

import { ChevronDownIcon } from '@/components/icons'
import { LoadError } from '@/components/load-error'
import { useApiData } from '@/hooks/use-api-data'
import { userAtom } from '@/lib/auth'

import {
  fetchDashboard,
  type BudgetDistributionWidget,
  type CounterWidget,
  type DistributionWidget,
  type DueTasksWidget,
  type IssuesWidget,
  type ScheduleWidget,
  type SpentWidget,
  type TableWidget,
  type WeatherWidget as Weather,
  type Widget,
} from '../api'
import { dashboardTabAtom, selectedProjectIdAtom, type DashboardTab } from '../atoms'
import { widgetById } from '../widgets'

import { BudgetDetails, BudgetDistribution, Spent } from './budget'
import { CounterCard, DueTasks } from './counters'
import { IssuesChart } from './issues-chart'
import { Schedule, TaskDistribution } from './task-distribution'
import { TeamMembers } from './team-members'
import { LiveClock, WeatherWidget } from './weather'

function HomeTab({ widgets }: { widgets: Widget[] }) {
  const due = widgetById<DueTasksWidget>(widgets, 'widget1')
  const counters = (['widget2', 'widget3', 'widget4'] as const).map((id) => widgetById<CounterWidget>(widgets, id))
  const issues = widgetById<IssuesWidget>(widgets, 'widget5')
  const distribution = widgetById<DistributionWidget>(widgets, 'widget6')
  const schedule = widgetById<ScheduleWidget>(widgets, 'widget7')
  return (
    <Stack gap="5">
      <SimpleGrid columns={{ base: 2, '2xl': 4 }} gap={{ base: '3', md: '5' }}>
        {due && <DueTasks widget={due} />}
        {counters.map((w) => w && <CounterCard key={w.id} widget={w} />)}
      </SimpleGrid>
      {issues && <IssuesChart widget={issues} />}
      <Grid templateColumns={{ base: '1fr', xl: 'repeat(2, minmax(0, 1fr))' }} gap="5">
        {distribution && <TaskDistribution widget={distribution} />}
        {schedule && <Schedule widget={schedule} />}
      </Grid>
    </Stack>
  )
}

function BudgetTab({ widgets }: { widgets: Widget[] }) {
  const distribution = widgetById<BudgetDistributionWidget>(widgets, 'widget8')
  const spent = widgetById<SpentWidget>(widgets, 'widget9')
  const details = widgetById<TableWidget>(widgets, 'widget10')
  return (
    <Stack gap="5">
      <Grid templateColumns={{ base: '1fr', xl: 'minmax(0, 2fr) minmax(0, 3fr)' }} gap="5">
        {distribution && <BudgetDistribution widget={distribution} />}
        {spent && <Spent widget={spent} />}
      </Grid>
      {details && <BudgetDetails widget={details} />}
    </Stack>
  )
}

function DashboardSkeleton() {
  return (
    <Stack gap="5" aria-busy="true" data-testid="project-dashboard-loading">
      <SimpleGrid columns={{ base: 1, sm: 2, '2xl': 4 }} gap="5">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} h="44" borderRadius="xl" />
        ))}
      </SimpleGrid>
      <Skeleton h="96" borderRadius="xl" />
    </Stack>
  )
}

/** The project dashboard: due tasks, issues, tasks, schedule, budget, team, a clock and the weather. */
export default function ProjectDashboardPage() {
  const user = useAtomValue(userAtom)
  const data = useApiData('project-dashboard', fetchDashboard)
  const [projectId, setProjectId] = useAtom(selectedProjectIdAtom)
  const [tab, setTab] = useAtom(dashboardTabAtom)
  const projects = data.data?.projects ?? []
  const project = projects.find((p) => p.id === projectId) ?? projects[0] ?? null
  const widgets = data.data?.widgets ?? []
  const weather = widgetById<Weather>(widgets, 'weatherWidget')
  const team = widgetById<TableWidget>(widgets, 'widget11')
  const name = user.data?.displayName || user.data?.username || ''

  return (
    <Box data-testid="project-dashboard-page">
      <Box px={{ base: '4', md: '8' }} pt={{ base: '6', md: '8' }} pb="0" bg="bg.subtle" borderBottomWidth="1px" borderColor="border.muted">
        <Flex justify="space-between" align={{ base: 'flex-start', md: 'center' }} direction={{ base: 'column', md: 'row' }} gap="4">
          <Box>
            <Heading as="h1" size={{ base: 'xl', md: '2xl' }} data-testid="project-dashboard-title">
              Welcome back{name ? `, ${name}` : ''}!
            </Heading>
            <Text color="fg.muted" mt="1">
              The state of your project at a glance.
            </Text>
          </Box>
          <Menu.Root positioning={{ placement: 'bottom-end' }} onSelect={(d) => setProjectId(Number(d.value))}>
            <Menu.Trigger asChild>
              <Button variant="outline" size="sm" disabled={!project} data-testid="project-switcher" bg="bg.panel">
                {project ? project.name : 'Loading projects…'} <ChevronDownIcon />
              </Button>
            </Menu.Trigger>
            <Portal>
              <Menu.Positioner>
                <Menu.Content data-testid="project-menu">
                  {projects.map((p) => (
                    <Menu.Item key={p.id} value={String(p.id)} data-testid={`project-option-${p.id}`} fontWeight={p.id === project?.id ? 'semibold' : undefined}>
                      {p.name}
                    </Menu.Item>
                  ))}
                </Menu.Content>
              </Menu.Positioner>
            </Portal>
          </Menu.Root>
        </Flex>
        <Tabs.Root value={tab} onValueChange={(e) => setTab(e.value as DashboardTab)} variant="line" mt="5" lazyMount unmountOnExit>
          <Tabs.List borderBottomWidth="0">
            <Tabs.Trigger value="home" data-testid="tab-home">
              Home
            </Tabs.Trigger>
            <Tabs.Trigger value="budget" data-testid="tab-budget">
              Budget summary
            </Tabs.Trigger>
            <Tabs.Trigger value="team" data-testid="tab-team">
              Team members
            </Tabs.Trigger>
          </Tabs.List>
        </Tabs.Root>
      </Box>

      <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 1fr) 320px' }} gap="5" px={{ base: '4', md: '8' }} py={{ base: '5', md: '6' }}>
        <Box minW="0" data-testid="project-dashboard-content" data-project={project?.id}>
          {data.status === 'error' && (
            <LoadError title="Could not load the dashboard" error={data.error} onRetry={data.reload} mb="5" testId="project-dashboard-error" />
          )}
          {data.status === 'loading' && <DashboardSkeleton />}
          {data.status === 'success' && tab === 'home' && <HomeTab widgets={widgets} />}
          {data.status === 'success' && tab === 'budget' && <BudgetTab widgets={widgets} />}
          {data.status === 'success' && tab === 'team' && team && <TeamMembers widget={team} />}
        </Box>
        <Stack gap="5" minW="0">
          <LiveClock />
          {weather ? <WeatherWidget widget={weather} /> : data.status === 'loading' && <Skeleton h="96" borderRadius="xl" />}
        </Stack>
      </Grid>
    </Box>
  )
}
