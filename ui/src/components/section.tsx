import { Box, Flex, Heading, Text, type BoxProps, type HeadingProps } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { cardStyle } from './card-style'

/**
 * A titled block: its heading (an icon before it and an action after it, an intro line under it)
 * over its content; `panel` draws it as a card with that padding from md up; a `landmark` is a
 * named section (role region).
 */
export function Section({
  title,
  children,
  testId,
  action,
  icon,
  intro,
  level = 'h2',
  size = 'md',
  panel,
  landmark = true,
  headerMb = '4',
  headingProps,
  ...rest
}: {
  title: ReactNode
  children: ReactNode
  testId?: string
  action?: ReactNode
  icon?: ReactNode
  intro?: ReactNode
  level?: 'h2' | 'h3'
  size?: 'sm' | 'md' | 'lg'
  panel?: '5' | '6'
  landmark?: boolean
  headerMb?: string
  headingProps?: HeadingProps
} & Omit<BoxProps, 'title'>) {
  const heading = (
    <Heading as={level} size={size} flex={icon ? '1' : undefined} mb={action || icon || intro ? undefined : headerMb} {...headingProps}>
      {title}
    </Heading>
  )
  const card: BoxProps = panel ? { ...cardStyle, p: { base: '4', md: panel } } : {}
  return (
    <Box as={landmark ? 'section' : undefined} aria-label={landmark && typeof title === 'string' ? title : undefined} data-testid={testId} {...card} {...rest}>
      {action || icon ? (
        <Flex justify="space-between" align="center" mb={headerMb} gap={icon ? '2' : '3'} wrap="wrap">
          {icon && <Box color="fg.muted">{icon}</Box>}
          {heading}
          {action}
        </Flex>
      ) : (
        heading
      )}
      {intro && (
        <Text color="fg.muted" mt="1" mb="4">
          {intro}
        </Text>
      )}
      {children}
    </Box>
  )
}
