import { Box } from '@chakra-ui/react'
import { Suspense } from 'react'
import { Outlet } from 'react-router-dom'

import { PageLoader } from '@/components/page-loader'

/** No navbar, toolbar, footer or side panels (login, logout, error pages). */
export function EmptyLayout() {
  return (
    <Box as="main" minH="100dvh" bg="bg" data-testid="empty-layout">
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    </Box>
  )
}
