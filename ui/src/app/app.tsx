import { RouterProvider } from 'react-router-dom'

import { AuthBootstrap } from './auth-bootstrap'
import { AppProvider } from './provider'
import { createAppRouter } from './router'

const router = createAppRouter()

export function App() {
  return (
    <AppProvider>
      <AuthBootstrap>
        <RouterProvider router={router} />
      </AuthBootstrap>
    </AppProvider>
  )
}
