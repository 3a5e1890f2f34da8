import { Box, Flex, HStack, Stack, Text } from '@chakra-ui/react'
import { geoContains, geoEqualEarth, geoPath } from 'd3-geo'
import type { Feature, FeatureCollection, Geometry } from 'geojson'
import { useMemo, useState } from 'react'
import { feature } from 'topojson-client'
import type { GeometryCollection, Topology } from 'topojson-specification'
import world from 'world-atlas/countries-110m.json'

import { formatNumber } from '@/lib/format'

import type { MapWidget, Marker } from '../api'
import { markerRadius } from '../widgets'

import { WidgetCard } from '@/components/widget-card'

const WIDTH = 960
const HEIGHT = 470

type Country = Feature<Geometry, { name: string }>

/** The world's countries, drawn once per page visit from the bundled Natural Earth outlines (no network, no key). */
function useWorld() {
  return useMemo(() => {
    const topology = world as unknown as Topology<{ countries: GeometryCollection<{ name: string }> }>
    const countries = feature(topology, topology.objects.countries) as FeatureCollection<Geometry, { name: string }>
    const shapes = countries.features.filter((c) => c.properties.name !== 'Antarctica')
    const projection = geoEqualEarth().fitExtent(
      [
        [8, 8],
        [WIDTH - 8, HEIGHT - 8],
      ],
      { type: 'FeatureCollection', features: shapes },
    )
    const path = geoPath(projection)
    return { shapes, projection, path }
  }, [])
}

/** Widget 6: visitors per country as markers on a drawn world map, with the ranking beside it. */
export function VisitorsMap({ widget }: { widget: MapWidget }) {
  const { shapes, projection, path } = useWorld()
  const [active, setActive] = useState<number | null>(null)
  const markers = useMemo(() => [...widget.markers].sort((a, b) => b.visitors - a.visitors), [widget.markers])
  const most = markers[0]?.visitors ?? 0
  // Countries that hold a marker are shaded by their visitors.
  const shaded = useMemo(() => {
    const byCountry = new Map<Country, Marker>()
    for (const m of widget.markers) {
      const home = shapes.find((c) => geoContains(c, [m.lng, m.lat]))
      if (home) byCountry.set(home, m)
    }
    return byCountry
  }, [shapes, widget.markers])
  const activeMarker = markers.find((m) => m.id === active) ?? null
  const activePoint = activeMarker ? projection([activeMarker.lng, activeMarker.lat]) : null

  return (
    <WidgetCard title={widget.title} testId="widget-visitors-map">
      <Flex direction={{ base: 'column', xl: 'row' }} gap="6">
        <Box flex="1" minW="0" position="relative" data-testid="visitors-map">
          <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width="100%" role="img" aria-label="World map of visitors by country" style={{ display: 'block' }}>
            <g>
              {shapes.map((c, i) => {
                const marker = shaded.get(c)
                const opacity = marker ? 0.25 + 0.55 * (marker.visitors / Math.max(1, most)) : 1
                return (
                  <path
                    key={`${c.properties.name}-${i}`}
                    d={path(c) ?? undefined}
                    fill={marker ? 'var(--chakra-colors-brand-solid)' : 'var(--chakra-colors-bg-emphasized, #3f3f46)'}
                    fillOpacity={marker ? opacity : 0.55}
                    stroke="var(--chakra-colors-bg-panel)"
                    strokeWidth={0.6}
                  >
                    <title>{marker ? `${c.properties.name}: ${formatNumber(marker.visitors)} visitors` : c.properties.name}</title>
                  </path>
                )
              })}
            </g>
            <g>
              {markers.map((m) => {
                const point = projection([m.lng, m.lat])
                if (!point) return null
                const r = markerRadius(m.visitors, most)
                const isActive = m.id === active
                return (
                  <circle
                    key={m.id}
                    cx={point[0]}
                    cy={point[1]}
                    r={isActive ? r + 3 : r}
                    fill="#f97316"
                    fillOpacity={isActive ? 0.95 : 0.75}
                    stroke="#fff7ed"
                    strokeWidth={1.5}
                    onMouseEnter={() => setActive(m.id)}
                    onMouseLeave={() => setActive(null)}
                    data-testid={`map-marker-${m.code}`}
                    style={{ cursor: 'pointer' }}
                  >
                    <title>{`${m.country}: ${formatNumber(m.visitors)} visitors`}</title>
                  </circle>
                )
              })}
            </g>
          </svg>
          {activeMarker && activePoint && (
            <Box
              position="absolute"
              left={`${(activePoint[0] / WIDTH) * 100}%`}
              top={`${(activePoint[1] / HEIGHT) * 100}%`}
              transform="translate(-50%, calc(-100% - 18px))"
              bg="bg.panel"
              borderWidth="1px"
              borderColor="border"
              borderRadius="md"
              px="2"
              py="1"
              fontSize="xs"
              pointerEvents="none"
              boxShadow="md"
              whiteSpace="nowrap"
              data-testid="map-tooltip"
            >
              <Text fontWeight="semibold">{activeMarker.country}</Text>
              <Text color="fg.muted">{formatNumber(activeMarker.visitors)} visitors</Text>
            </Box>
          )}
        </Box>
        <Stack as="ol" gap="1" w={{ base: 'full', xl: '260px' }} flexShrink={0} data-testid="visitors-list">
          {markers.map((m, i) => (
            <HStack
              as="li"
              key={m.id}
              justify="space-between"
              px="2"
              py="1.5"
              borderRadius="md"
              bg={m.id === active ? 'bg.subtle' : undefined}
              onMouseEnter={() => setActive(m.id)}
              onMouseLeave={() => setActive(null)}
              data-testid={`visitors-${m.code}`}
            >
              <HStack gap="2" minW="0">
                <Text fontSize="xs" color="fg.subtle" w="5" textAlign="end">
                  {i + 1}
                </Text>
                <Text fontSize="sm" truncate>
                  {m.country}
                </Text>
              </HStack>
              <HStack gap="2" flexShrink={0}>
                <Box h="1.5" w={`${Math.max(6, (m.visitors / Math.max(1, most)) * 60)}px`} bg="orange.400" borderRadius="full" />
                <Text fontSize="sm" fontWeight="semibold" fontVariantNumeric="tabular-nums" w="10" textAlign="end">
                  {formatNumber(m.visitors)}
                </Text>
              </HStack>
            </HStack>
          ))}
        </Stack>
      </Flex>
    </WidgetCard>
  )
}
