import { NativeSelect, type NativeSelectRootProps } from '@chakra-ui/react'
import type { ReactNode } from 'react'

export type SelectOption = { value: string; label: ReactNode }

/**
 * A native select over a list of options; `before` holds option elements that come first (an empty
 * choice, "Choose…"). Root props (size, width) pass through; `size` is sm unless given.
 */
export function OptionSelect({
  value,
  onChange,
  options,
  before,
  label,
  name,
  testId,
  disabled,
  size = 'sm',
  ...root
}: {
  value: string
  onChange: (value: string) => void
  options: readonly SelectOption[]
  before?: ReactNode
  label?: string
  name?: string
  testId?: string
  disabled?: boolean
} & Omit<NativeSelectRootProps, 'children' | 'onChange'>) {
  return (
    <NativeSelect.Root size={size} disabled={disabled} {...root}>
      <NativeSelect.Field value={value} onChange={(e) => onChange(e.target.value)} aria-label={label} name={name} data-testid={testId}>
        {before}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  )
}
