import { useAtomValue } from 'jotai'
import type { ReactNode } from 'react'
import { Navigate, useLocation } from 'react-router-dom'

import { userAtom, type AuthSetting } from '@/lib/auth'

import { decideAccess } from './guard'

export function RouteGuard({ auth, children }: { auth: AuthSetting; children: ReactNode }) {
  const user = useAtomValue(userAtom)
  const location = useLocation()
  const decision = decideAccess({ auth, role: user.role, location })
  if (decision.type === 'redirect') {
    return <Navigate to={decision.to} state={decision.state} replace />
  }
  return children
}
