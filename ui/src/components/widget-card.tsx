import { Button, HStack, NativeSelect, type BoxProps } from '@chakra-ui/react'
import { Card } from './card'
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
    <Card as="section" title={title} action={action} testId={testId} headingProps={{ fontWeight: 'semibold' }} headerProps={{ minH: '8' }} {...rest}>
      {children}
    </Card>
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
