import { Box, chakra, Flex, Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'

/** A row of mutually exclusive choices (role radiogroup); each choice has `${testId}-${value}`. */
export function Choice<T extends string>({
  label,
  value,
  options,
  onChange,
  testId,
}: {
  label: string
  value: T
  options: readonly { value: T; label: string }[]
  onChange: (value: T) => void
  testId: string
}) {
  return (
    <Box>
      <Text fontSize="xs" fontWeight="medium" color="fg.muted" mb="1.5">
        {label}
      </Text>
      <Flex role="radiogroup" aria-label={label} gap="1" wrap="wrap" data-testid={testId}>
        {options.map((option) => {
          const on = option.value === value
          return (
            <chakra.button
              key={option.value}
              type="button"
              role="radio"
              aria-checked={on}
              px="3"
              py="1.5"
              fontSize="sm"
              borderRadius="md"
              borderWidth="1px"
              borderColor={on ? 'brand.solid' : 'border'}
              bg={on ? 'brand.muted' : 'transparent'}
              color={on ? 'brand.fg' : 'fg.muted'}
              fontWeight={on ? 'semibold' : 'normal'}
              _hover={{ borderColor: 'brand.solid' }}
              onClick={() => onChange(option.value)}
              data-testid={`${testId}-${option.value}`}
            >
              {option.label}
            </chakra.button>
          )
        })}
      </Flex>
    </Box>
  )
}

/** An on/off switch as a real button (role switch, aria-checked). */
export function Toggle({
  label,
  checked,
  onChange,
  testId,
  hint,
}: {
  label: string
  checked: boolean
  onChange: (checked: boolean) => void
  testId: string
  hint?: ReactNode
}) {
  return (
    <chakra.button
      type="button"
      role="switch"
      aria-checked={checked}
      display="flex"
      alignItems="center"
      justifyContent="space-between"
      gap="3"
      w="full"
      py="1.5"
      textAlign="start"
      onClick={() => onChange(!checked)}
      data-testid={testId}
    >
      <Box>
        <Text fontSize="sm">{label}</Text>
        {hint && (
          <Text fontSize="xs" color="fg.subtle">
            {hint}
          </Text>
        )}
      </Box>
      <Box
        as="span"
        position="relative"
        flexShrink={0}
        w="9"
        h="5"
        borderRadius="full"
        bg={checked ? 'brand.solid' : 'bg.emphasized'}
        transition="background 0.15s"
      >
        <Box
          as="span"
          position="absolute"
          top="0.5"
          insetInlineStart={checked ? '4.5' : '0.5'}
          boxSize="4"
          borderRadius="full"
          bg="white"
          boxShadow="sm"
          transition="inset-inline-start 0.15s"
        />
      </Box>
    </chakra.button>
  )
}
