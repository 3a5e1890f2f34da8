import type { BoxProps } from '@chakra-ui/react'

/** The look of a card: the panel background, a muted border and rounded corners. */
export const cardStyle = { bg: 'bg.panel', borderWidth: '1px', borderColor: 'border.muted', borderRadius: 'xl' } as const satisfies BoxProps
