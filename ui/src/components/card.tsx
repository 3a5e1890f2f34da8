import { Box, Flex, Heading, type BoxProps, type FlexProps, type HeadingProps } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { cardStyle } from './card-style'

/**
 * A card: a panel (its padding `p`, 4 on phones and 5 from md up unless given) with, when it has a
 * `title`, a heading row (an action on its right) over its content. Any Box prop overrides the look.
 */
export function Card({
  title,
  action,
  children,
  testId,
  level = 'h2',
  size = 'md',
  headingProps,
  headerProps,
  headerMb = '4',
  ...rest
}: {
  title?: ReactNode
  action?: ReactNode
  children?: ReactNode
  testId?: string
  level?: 'h2' | 'h3'
  size?: 'sm' | 'md' | 'lg'
  headingProps?: HeadingProps
  headerProps?: FlexProps
  headerMb?: string
} & Omit<BoxProps, 'title'>) {
  return (
    <Box p={{ base: '4', md: '5' }} minW="0" data-testid={testId} {...cardStyle} {...rest}>
      {title !== undefined && (
        <Flex justify="space-between" align="center" gap="3" mb={headerMb} wrap="wrap" {...headerProps}>
          <Heading as={level} size={size} {...headingProps}>
            {title}
          </Heading>
          {action}
        </Flex>
      )}
      {children}
    </Box>
  )
}
