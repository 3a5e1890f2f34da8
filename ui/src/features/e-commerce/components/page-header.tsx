import { Box, Flex, Heading, Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'

/** The header of an e-commerce page: title, a line under it, and actions on the right. */
export function PageHeader({ title, subtitle, actions, leading, testId }: { title: ReactNode; subtitle?: ReactNode; actions?: ReactNode; leading?: ReactNode; testId?: string }) {
  return (
    <Flex justify="space-between" align={{ base: 'flex-start', md: 'center' }} direction={{ base: 'column', md: 'row' }} gap="4">
      <Flex align="center" gap="3" minW="0">
        {leading}
        <Box minW="0">
          <Heading as="h1" size={{ base: 'xl', md: '2xl' }} truncate data-testid={testId}>
            {title}
          </Heading>
          {subtitle && (
            <Text color="fg.muted" fontSize="sm" mt="0.5">
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
