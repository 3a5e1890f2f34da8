import { Box, Text } from '@chakra-ui/react'
import { geoContains, geoGraticule, geoMercator, geoPath } from 'd3-geo'
import type { FeatureCollection, Geometry } from 'geojson'
import { useMemo } from 'react'
import { feature } from 'topojson-client'
import type { GeometryCollection, Topology } from 'topojson-specification'
import world from 'world-atlas/countries-110m.json'

const WIDTH = 640
const HEIGHT = 300
/** Degrees of longitude shown across the map: a region around the address, not its streets. */
const SPAN = 48

type Countries = FeatureCollection<Geometry, { name: string }>

let countries: Countries | null = null
function worldCountries(): Countries {
  if (!countries) {
    const topology = world as unknown as Topology<{ countries: GeometryCollection<{ name: string }> }>
    countries = feature(topology, topology.objects.countries) as Countries
  }
  return countries
}

/**
 * The address on a map drawn in the browser from the bundled Natural Earth country outlines (1:110m):
 * no tile server, no network. It shows the region and a pin at the coordinates, and says so.
 */
export function OrderMap({ lat, lng, label }: { lat: number; lng: number; label: string }) {
  const drawn = useMemo(() => {
    const all = worldCountries()
    const projection = geoMercator()
      .center([lng, lat])
      .scale(WIDTH / ((SPAN * Math.PI) / 180))
      .translate([WIDTH / 2, HEIGHT / 2])
    const path = geoPath(projection)
    const pin = projection([lng, lat]) ?? [WIDTH / 2, HEIGHT / 2]
    const home = all.features.find((c) => geoContains(c, [lng, lat]))
    return {
      shapes: all.features.map((c, i) => ({ key: `${c.properties.name}-${i}`, name: c.properties.name, d: path(c) ?? '' })),
      grid: path(geoGraticule().step([5, 5])()) ?? '',
      pin,
      country: home?.properties.name ?? '',
    }
  }, [lat, lng])
  const [x, y] = drawn.pin
  return (
    <Box mt="3" data-testid="order-map" data-lat={lat} data-lng={lng}>
      <Box borderRadius="lg" overflow="hidden" borderWidth="1px" borderColor="border.muted" bg="blue.muted">
        <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width="100%" role="img" aria-label={`Map of the region around ${label}`} style={{ display: 'block' }}>
          <path d={drawn.grid} fill="none" stroke="var(--chakra-colors-blue-emphasized)" strokeOpacity={0.5} strokeWidth={0.6} />
          {drawn.shapes.map((s) => (
            <path key={s.key} d={s.d} fill={s.name === drawn.country ? 'var(--chakra-colors-green-muted)' : 'var(--chakra-colors-bg-emphasized)'} stroke="var(--chakra-colors-fg-subtle)" strokeWidth={0.7}>
              <title>{s.name}</title>
            </path>
          ))}
          <g transform={`translate(${x} ${y})`} data-testid="order-map-pin">
            <circle r={14} fill="var(--chakra-colors-red-solid)" fillOpacity={0.18} />
            <path d="M0 0 C -7 -10 -9 -14 -9 -19 A 9 9 0 1 1 9 -19 C 9 -14 7 -10 0 0 Z" fill="var(--chakra-colors-red-solid)" stroke="white" strokeWidth={1.5} />
            <circle cy={-19} r={3.2} fill="white" />
            <title>{label}</title>
          </g>
        </svg>
      </Box>
      <Text fontSize="xs" color="fg.muted" mt="1.5">
        Drawn here from Natural Earth country outlines{drawn.country ? ` (${drawn.country})` : ''}: it shows the region around the address, not its streets.
      </Text>
    </Box>
  )
}
