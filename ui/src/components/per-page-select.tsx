import { NativeSelect } from '@chakra-ui/react'

/** The 'Rows per page' select of a paged list or table. */
export function PerPageSelect({
  value,
  choices,
  onChange,
  testId,
  width = '20',
}: {
  value: number
  choices: readonly number[]
  onChange: (perPage: number) => void
  testId: string
  width?: string
}) {
  return (
    <NativeSelect.Root size="xs" w={width}>
      <NativeSelect.Field value={value} onChange={(e) => onChange(Number(e.target.value))} aria-label="Rows per page" data-testid={testId}>
        {choices.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  )
}
