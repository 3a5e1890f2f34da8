import { Badge, CloseButton, Field, Flex, Input } from '@chakra-ui/react'
import { useState } from 'react'

/** A list of short texts (categories, tags): Enter or comma adds, the cross removes. */
export function TagField({ label, values, onChange, testId, helper }: { label: string; values: string[]; onChange: (values: string[]) => void; testId: string; helper?: string }) {
  const [text, setText] = useState('')
  const add = () => {
    const value = text.trim().replace(/,$/, '')
    if (value && !values.some((v) => v.toLowerCase() === value.toLowerCase())) onChange([...values, value])
    setText('')
  }
  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <Flex wrap="wrap" gap="1.5" w="full" borderWidth="1px" borderColor="border" borderRadius="md" px="2" py="1.5" bg="bg" data-testid={testId}>
        {values.map((v) => (
          <Badge key={v} size="md" variant="subtle" colorPalette="brand" pe="0.5" gap="1">
            {v}
            <CloseButton size="2xs" aria-label={`Remove ${v}`} onClick={() => onChange(values.filter((x) => x !== v))} />
          </Badge>
        ))}
        <Input
          variant="flushed"
          border="0"
          size="xs"
          flex="1"
          minW="32"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' || e.key === ',') {
              e.preventDefault()
              add()
            } else if (e.key === 'Backspace' && !text && values.length) {
              onChange(values.slice(0, -1))
            }
          }}
          onBlur={add}
          placeholder={`Add ${label.toLowerCase()}…`}
          aria-label={`Add ${label.toLowerCase()}`}
          data-testid={`${testId}-input`}
        />
      </Flex>
      {helper && <Field.HelperText>{helper}</Field.HelperText>}
    </Field.Root>
  )
}
