import { Box, Flex, Heading, Text, type FlexProps, type HeadingProps } from '@chakra-ui/react'
import { Fragment, type ReactNode } from 'react'
import { Link as RouterLink } from 'react-router-dom'

/** One step of a breadcrumb: a link when it has `to`, plain text when not. */
export type Crumb = { label: ReactNode; to?: string }

/**
 * The header of a page: an optional breadcrumb, the page's title (h1) with a line under it, an
 * optional `leading` element (an avatar, a back button) before them and the page's `actions` on the
 * right (under the title on phones); `dense` keeps the title to one line with a small line under it.
 */
export function PageHeader({
  title,
  subtitle,
  breadcrumbs,
  actions,
  leading,
  testId,
  size = { base: 'xl', md: '2xl' },
  dense,
  ...rest
}: {
  title: ReactNode
  subtitle?: ReactNode
  breadcrumbs?: Crumb[]
  actions?: ReactNode
  leading?: ReactNode
  testId?: string
  size?: HeadingProps['size']
  dense?: boolean
} & Omit<FlexProps, 'title'>) {
  return (
    <Flex justify="space-between" align={{ base: 'flex-start', md: 'center' }} direction={{ base: 'column', md: 'row' }} gap="4" {...rest}>
      <Flex align="center" gap="3" minW="0">
        {leading}
        <Box minW="0">
          {breadcrumbs && breadcrumbs.length > 0 && (
            <Text as="nav" aria-label="Breadcrumb" fontSize="xs" color="fg.muted" mb="1">
              {breadcrumbs.map((crumb, i) => (
                <Fragment key={i}>
                  {i > 0 && ' / '}
                  {crumb.to ? <RouterLink to={crumb.to}>{crumb.label}</RouterLink> : crumb.label}
                </Fragment>
              ))}
            </Text>
          )}
          <Heading as="h1" size={size} truncate={dense} data-testid={testId}>
            {title}
          </Heading>
          {subtitle && (
            <Text color="fg.muted" fontSize={dense ? 'sm' : undefined} mt={dense ? '0.5' : '1'}>
              {subtitle}
            </Text>
          )}
        </Box>
      </Flex>
      {actions && (
        <Flex gap="2" wrap="wrap" align="center" flexShrink={0}>
          {actions}
        </Flex>
      )}
    </Flex>
  )
}
