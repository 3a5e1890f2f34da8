import { Box, Button, Flex, Heading, HStack, NativeSelect, type BoxProps } from '@chakra-ui/react'
import type { ReactNode } from 'react'

/** A dashboard widget: a titled panel with an optional action (range switch) on the right. */
export function WidgetCard({
  title,
  action,
  children,
  testId,
  ...rest
}: { title: ReactNode; action?: ReactNode; children: ReactNode; testId?: string } & Omit<BoxProps, 'title'>) {
  return (
    <Box
      as="section"
      bg="bg.panel"
      borderWidth="1px"
      borderColor="border.muted"
      borderRadius="xl"
      p={{ base: '4', md: '5' }}
      minW="0"
      data-testid={testId}
      {...rest}
    >
      <Flex justify="space-between" align="center" gap="3" mb="4" minH="8" wrap="wrap">
        <Heading as="h2" size="md" fontWeight="semibold">
          {title}
        </Heading>
        {action}
      </Flex>
      {children}
    </Box>
  )
}

/** The ranges of a widget as a small select (compact cards). */
export function RangeSelect({
  ranges,
  value,
  onChange,
  testId,
  label,
}: {
  ranges: Record<string, string>
  value: string
  onChange: (range: string) => void
  testId: string
  label: string
}) {
  return (
    <NativeSelect.Root size="xs" w="auto" variant="subtle">
      <NativeSelect.Field value={value} onChange={(e) => onChange(e.target.value)} aria-label={label} data-testid={testId} pe="7">
        {Object.entries(ranges).map(([key, title]) => (
          <option key={key} value={key}>
            {title}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  )
}

/** The ranges of a widget as toggle buttons (wide widgets). */
export function RangeButtons({
  ranges,
  value,
  onChange,
  testId,
}: {
  ranges: Record<string, string>
  value: string
  onChange: (range: string) => void
  testId: string
}) {
  return (
    <HStack gap="1" role="group" aria-label="Range" data-testid={testId} wrap="wrap">
      {Object.entries(ranges).map(([key, title]) => (
        <Button
          key={key}
          size="xs"
          variant={key === value ? 'subtle' : 'ghost'}
          colorPalette={key === value ? 'brand' : 'gray'}
          aria-pressed={key === value}
          onClick={() => onChange(key)}
          data-testid={`${testId}-${key}`}
        >
          {title}
        </Button>
      ))}
    </HStack>
  )
}
