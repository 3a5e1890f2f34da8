import { Badge } from '@chakra-ui/react'

/**
 * The labels of an item (a mail, a task, a note) as small round chips, in the item's order; ids
 * with no label are skipped. With `color` a chip is filled with the label's colour, otherwise outlined.
 */
export function LabelChips<L extends { id: string | number }>({
  ids,
  labels,
  name,
  color,
  testId,
}: {
  ids: readonly (string | number)[]
  labels: readonly L[]
  name: (label: L) => string
  color?: (label: L) => string
  testId?: (label: L) => string
}) {
  return ids.map((id) => {
    const label = labels.find((l) => String(l.id) === String(id))
    if (!label) return null
    return color ? (
      <Badge key={String(id)} size="sm" variant="solid" bg={color(label)} color="white" borderRadius="full" data-testid={testId?.(label)}>
        {name(label)}
      </Badge>
    ) : (
      <Badge key={String(id)} size="sm" borderRadius="full" variant="outline" data-testid={testId?.(label)}>
        {name(label)}
      </Badge>
    )
  })
}
