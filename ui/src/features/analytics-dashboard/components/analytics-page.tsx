import { Box, Grid, Heading, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react'

import { LoadError } from '@/components/load-error'
import { useApiData } from '@/hooks/use-api-data'

import { fetchWidgets, type CampaignsWidget, type FigureWidget, type MapWidget, type RangedChartWidget, type SalesTrendWidget } from '../api'
import { widgetById } from '../widgets'

import { CampaignsTable, DevicesChart, FigureCard, SalesChart, SalesTrend, VisitorsChart } from './charts'
import { VisitorsMap } from './visitors-map'

/** The analytics dashboard: widgets 1 to 9 of the API. */
export default function AnalyticsPage() {
  const data = useApiData('analytics-widgets', fetchWidgets)
  const widgets = data.data ?? []
  const sales = widgetById<RangedChartWidget>(widgets, 'widget1')
  const figures = (['widget2', 'widget3', 'widget4'] as const).map((id) => widgetById<FigureWidget>(widgets, id))
  const visitors = widgetById<RangedChartWidget>(widgets, 'widget5')
  const map = widgetById<MapWidget>(widgets, 'widget6')
  const devices = widgetById<RangedChartWidget>(widgets, 'widget7')
  const trend = widgetById<SalesTrendWidget>(widgets, 'widget8')
  const campaigns = widgetById<CampaignsWidget>(widgets, 'widget9')

  return (
    <Box px={{ base: '4', md: '8' }} py={{ base: '6', md: '8' }} data-testid="analytics-page">
      <Stack gap="5">
        <Box>
          <Heading as="h1" size={{ base: 'xl', md: '2xl' }} data-testid="analytics-title">
            Analytics dashboard
          </Heading>
          <Text color="fg.muted" mt="1">
            Sales, traffic and campaigns across the portal's channels.
          </Text>
        </Box>
        {data.status === 'error' && (
          <LoadError title="Could not load the analytics" error={data.error} onRetry={data.reload} testId="analytics-error" />
        )}
        {data.status === 'loading' && (
          <Stack gap="5" aria-busy="true">
            <Skeleton h="80" borderRadius="xl" />
            <SimpleGrid columns={{ base: 1, md: 3 }} gap="5">
              <Skeleton h="48" borderRadius="xl" />
              <Skeleton h="48" borderRadius="xl" />
              <Skeleton h="48" borderRadius="xl" />
            </SimpleGrid>
          </Stack>
        )}
        {sales && <SalesChart widget={sales} />}
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="5">
          {figures.map((w) => w && <FigureCard key={w.id} widget={w} />)}
        </SimpleGrid>
        {visitors && <VisitorsChart widget={visitors} />}
        {map && <VisitorsMap widget={map} />}
        <Grid templateColumns={{ base: '1fr', lg: 'repeat(2, minmax(0, 1fr))' }} gap="5">
          {devices && <DevicesChart widget={devices} />}
          {trend && <SalesTrend widget={trend} />}
        </Grid>
        {campaigns && <CampaignsTable widget={campaigns} />}
      </Stack>
    </Box>
  )
}
