import { BrowserRouter } from 'react-router-dom'

import { AuthBootstrap } from './auth-bootstrap'
import { AppProvider } from './provider'
import { createRouteObjects } from './router'
import { RouteTree } from './route-tree'

const routeObjects = createRouteObjects()

export function App() {
  return (
    <AppProvider>
      <AuthBootstrap>
        <BrowserRouter>
          <RouteTree routes={routeObjects} />
        </BrowserRouter>
      </AuthBootstrap>
    </AppProvider>
  )
}
