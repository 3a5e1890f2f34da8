import { Navigate, useLocation, useParams } from 'react-router-dom'

import { fillPath } from './redirect-path'

/** A route that moved: sends the address on to its new place, keeping the parameters and the query. */
export function Redirect({ to }: { to: string }) {
  const params = useParams()
  const { search } = useLocation()
  return <Navigate to={`${fillPath(to, params)}${search}`} replace />
}
