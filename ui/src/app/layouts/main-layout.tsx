import { Box, Flex } from '@chakra-ui/react'
import { Suspense } from 'react'
import { Outlet } from 'react-router-dom'

import { PageLoader } from '@/components/page-loader'

/**
 * Wraps the authenticated pages. The shell (navbar, toolbar, footer, side panels)
 * will live here; pages opt out of it with `layout: 'empty'` in the route registry.
 */
export function MainLayout() {
  return (
    <Flex direction="column" minH="100dvh" bg="bg" data-testid="main-layout">
      <Box as="main" flex="1" minW="0">
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </Box>
    </Flex>
  )
}
