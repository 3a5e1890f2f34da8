import { Box, Button, Flex, HStack, Icon, Stack, Text, type IconProps } from '@chakra-ui/react'
import { useAtom } from 'jotai'
import { useEffect, useState } from 'react'

import type { WeatherWidget as Weather } from '../api'
import { weatherUnitsAtom } from '../atoms'
import { clockParts, currentLocation, formatSpeed, formatTemp, type SpeedUnit, type TempUnit } from '../widgets'

/** Weather symbols drawn inline (the sample's icon names: sunny, cloudy, rainy, rainy2, windy3...). */
export function WeatherIcon({ name, ...props }: { name: string } & IconProps) {
  const kind = /sun|clear/.test(name) ? 'sun' : /rain|shower/.test(name) ? 'rain' : /wind/.test(name) ? 'wind' : /snow/.test(name) ? 'snow' : 'cloud'
  const cloud = 'M7 18h10a4 4 0 0 0 .5-7.97A6 6 0 0 0 6.1 9.5 4.25 4.25 0 0 0 7 18z'
  return (
    <Icon {...props} aria-label={name} role="img">
      <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round">
        {kind === 'sun' && (
          <>
            <circle cx="12" cy="12" r="4.5" fill="#fbbf24" stroke="#f59e0b" />
            {[0, 45, 90, 135, 180, 225, 270, 315].map((a) => (
              <line key={a} x1="12" y1="2.5" x2="12" y2="4.5" stroke="#f59e0b" transform={`rotate(${a} 12 12)`} />
            ))}
          </>
        )}
        {kind === 'cloud' && <path d={cloud} fill="currentColor" fillOpacity="0.15" />}
        {kind === 'rain' && (
          <>
            <path d="M7 15h10a4 4 0 0 0 .5-7.97A6 6 0 0 0 6.1 6.5 4.25 4.25 0 0 0 7 15z" fill="currentColor" fillOpacity="0.15" />
            <path d="M8 18l-1 3M12 18l-1 3M16 18l-1 3" stroke="#38bdf8" />
          </>
        )}
        {kind === 'wind' && <path d="M3 8h11a3 3 0 1 0-3-3M3 12h16a3 3 0 1 1-3 3M3 16h8" />}
        {kind === 'snow' && (
          <>
            <path d="M7 15h10a4 4 0 0 0 .5-7.97A6 6 0 0 0 6.1 6.5 4.25 4.25 0 0 0 7 15z" fill="currentColor" fillOpacity="0.15" />
            <path d="M8 19h.01M12 20h.01M16 19h.01" strokeWidth="2.5" />
          </>
        )}
      </svg>
    </Icon>
  )
}

function UnitSwitch<U extends string>({ units, value, onChange, testId, label }: { units: readonly U[]; value: U; onChange: (u: U) => void; testId: string; label: string }) {
  return (
    <HStack gap="0" borderWidth="1px" borderColor="border" borderRadius="md" overflow="hidden" role="group" aria-label={label}>
      {units.map((u) => (
        <Button
          key={u}
          size="2xs"
          borderRadius="0"
          variant={u === value ? 'solid' : 'ghost'}
          colorPalette={u === value ? 'brand' : 'gray'}
          aria-pressed={u === value}
          onClick={() => onChange(u)}
          data-testid={`${testId}-${u}`}
        >
          {u === 'C' || u === 'F' ? `°${u}` : u}
        </Button>
      ))}
    </HStack>
  )
}

/** The weather of the widget's location (New York), in °C/°F and km/h or mph. */
export function WeatherWidget({ widget }: { widget: Weather }) {
  const [units, setUnits] = useAtom(weatherUnitsAtom)
  const temp: TempUnit = units.temp ?? widget.tempUnit
  const speed: SpeedUnit = units.speed ?? widget.speedUnit
  const place = currentLocation(widget)
  if (!place) return null
  return (
    <Box as="section" aria-label="Weather" bg="bg.panel" borderWidth="1px" borderColor="border.muted" borderRadius="xl" overflow="hidden" data-testid="weather-widget" data-temp-unit={temp} data-speed-unit={speed}>
      <Flex justify="space-between" align="center" px="5" pt="4" gap="2">
        <Text fontWeight="semibold" data-testid="weather-location">
          {place.name}
        </Text>
        <HStack gap="2">
          <UnitSwitch units={['C', 'F'] as const} value={temp} onChange={(t) => setUnits((u) => ({ ...u, temp: t }))} testId="weather-temp" label="Temperature unit" />
          <UnitSwitch units={['KMH', 'MPH'] as const} value={speed} onChange={(s) => setUnits((u) => ({ ...u, speed: s }))} testId="weather-speed" label="Wind speed unit" />
        </HStack>
      </Flex>
      <Flex align="center" justify="center" gap="4" py="5">
        <WeatherIcon name={place.icon} boxSize="16" color="fg.muted" />
        <Text fontSize="5xl" fontWeight="light" lineHeight="1" data-testid="weather-temp">
          {formatTemp(place.temp, temp)}
        </Text>
      </Flex>
      <Flex justify="space-between" px="5" py="3" borderTopWidth="1px" borderBottomWidth="1px" borderColor="border.muted" fontSize="sm" color="fg.muted" gap="2" wrap="wrap">
        <Text>
          Wind{' '}
          <Text as="span" color="fg" fontWeight="medium" data-testid="weather-wind">
            {formatSpeed(place.windSpeed, speed)}
          </Text>
        </Text>
        <Text>
          Direction{' '}
          <Text as="span" color="fg" fontWeight="medium" data-testid="weather-direction">
            {place.windDirection}
          </Text>
        </Text>
        <Text>
          Rain{' '}
          <Text as="span" color="fg" fontWeight="medium" data-testid="weather-rain">
            {place.rainProbability}
          </Text>
        </Text>
      </Flex>
      <Stack gap="0" px="5" py="2" data-testid="weather-forecast">
        {place.next5Days.map((day) => (
          <Flex key={day.name} justify="space-between" align="center" py="1.5" fontSize="sm">
            <Text w="28">{day.name}</Text>
            <WeatherIcon name={day.icon} boxSize="5" color="fg.muted" />
            <Text w="16" textAlign="end" fontWeight="medium">
              {formatTemp(day.temp, temp)}
            </Text>
          </Flex>
        ))}
      </Stack>
    </Box>
  )
}

/** A live clock (updates every second). */
export function LiveClock() {
  const [now, setNow] = useState(() => new Date())
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000)
    return () => clearInterval(timer)
  }, [])
  const { time, period, date } = clockParts(now)
  return (
    <Box as="section" aria-label="Clock" bg="bg.panel" borderWidth="1px" borderColor="border.muted" borderRadius="xl" p="5" textAlign="center" data-testid="live-clock">
      <Text fontSize="sm" color="fg.muted">
        {date}
      </Text>
      <HStack justify="center" align="baseline" gap="2" mt="1">
        <Text fontSize="4xl" fontWeight="semibold" fontVariantNumeric="tabular-nums" data-testid="live-clock-time">
          {time}
        </Text>
        <Text fontSize="lg" color="fg.muted">
          {period}
        </Text>
      </HStack>
    </Box>
  )
}
