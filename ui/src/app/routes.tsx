import { lazy, Suspense, type ReactElement } from 'react'

import { PageLoader } from '@/components/page-loader'

import { authRoles, type AuthSetting } from '@/lib/auth'
import { prefetch } from '@/data/prefetch'
import { setSignedInPrefetch, setSignInPreload } from '@/lib/sign-in-preload'
import { lazyPage } from '@/lib/theme-system'

// Every page is its own chunk: /login never downloads the dashboard code. The start pages render
// with the small start theme; every other page brings the full one (lib/theme-system.ts).
const LoginPage = lazy(() => import('@/features/auth/components/login-page'))
const LogoutPage = lazy(() => import('@/features/auth/components/logout-page'))
const loadDashboard = () => import('@/features/dashboard/components/dashboard-page')
const DashboardPage = lazyPage(loadDashboard)
const Error404Page = lazyPage(() => import('@/features/errors/components/error-404-page'))
const RecordListPage = lazyPage(() => import('@/features/records/components/list-page'))
const RecordDetailPage = lazyPage(() => import('@/features/records/components/detail-page'))
const MyWorkPage = lazyPage(() => import('@/features/my-work/components/my-work-page'))
const AdminUsersPage = lazyPage(() => import('@/features/admin/components/users-page'))
const AdminAuditPage = lazyPage(() => import('@/features/admin/components/audit-page'))
const AccountPage = lazyPage(() => import('@/features/account/components/account-page'))

// The shell is its own chunk too: /login never downloads navbar, toolbar, panels or charts.
const loadMainLayout = () => import('./layouts/main-layout')
export const MainLayout = lazyPage(loadMainLayout)

// Pressing LOGIN starts these downloads next to the sign-in request (most sign-ins land here).
setSignInPreload(() => Promise.all([MainLayout.preload(), DashboardPage.preload()]))
// ... and the dashboard's calls are made with /me, not after the dashboard's code arrives: its figures,
// the option lists and the first page of the inspection list (use-dashboard-data.ts takes them).
setSignedInPrefetch(() => {
  prefetch('/dashboard/summary')
  prefetch('/options')
  prefetch('/assets', { sort: 'nextInspection', order: 'asc', perPage: 100, page: 1 })
})

export const DEFAULT_PATH = '/dashboard'
export const NOT_FOUND_PATH = '/pages/errors/error-404'

export interface AppRoute {
  path: string
  /** The page, a lazily loaded component. */
  element: ReactElement
  /** Roles allowed; [] = guests only; null = everyone. */
  auth: AuthSetting
  /** 'main' pages sit in the shell; 'empty' pages hide navbar, toolbar, footer and side panels. */
  layout: 'main' | 'empty'
  /** Document title. */
  title: string
}

/**
 * The route registry of the product pages. All product routes are open to all four roles. The
 * sample areas' routes load on demand (sample-routes.ts, routes-samples.tsx).
 */
export const routes: AppRoute[] = [
  { path: '/login', element: <LoginPage />, auth: authRoles.onlyGuest, layout: 'empty', title: 'Sign in' },
  { path: '/logout', element: (
      // 'Logging out..' from the first frame, while the page's code still arrives (the spec's text).
      <Suspense fallback={<PageLoader label="Logging out.." />}>
        <LogoutPage />
      </Suspense>
    ), auth: null, layout: 'empty', title: 'Logging out' },
  { path: '/dashboard', element: <DashboardPage />, auth: authRoles.staff, layout: 'main', title: 'Dashboard' },
  { path: '/my-work', element: <MyWorkPage />, auth: authRoles.staff, layout: 'main', title: 'My work' },
  { path: '/assets', element: <RecordListPage resource="assets" />, auth: authRoles.staff, layout: 'main', title: 'Assets' },
  { path: '/assets/:id', element: <RecordDetailPage resource="assets" />, auth: authRoles.staff, layout: 'main', title: 'Asset' },
  { path: '/documents', element: <RecordListPage resource="documents" />, auth: authRoles.staff, layout: 'main', title: 'Documents' },
  { path: '/documents/:id', element: <RecordDetailPage resource="documents" />, auth: authRoles.staff, layout: 'main', title: 'Document' },
  { path: '/leads', element: <RecordListPage resource="leads" />, auth: authRoles.staff, layout: 'main', title: 'Opportunities' },
  { path: '/leads/:id', element: <RecordDetailPage resource="leads" />, auth: authRoles.staff, layout: 'main', title: 'Opportunity' },
  { path: '/admin/users', element: <AdminUsersPage />, auth: authRoles.admin, layout: 'main', title: 'Users' },
  { path: '/admin/audit', element: <AdminAuditPage />, auth: authRoles.admin, layout: 'main', title: 'Audit log' },
  { path: '/profile/account', element: <AccountPage />, auth: authRoles.staff, layout: 'main', title: 'Your account' },
  { path: NOT_FOUND_PATH, element: <Error404Page />, auth: null, layout: 'empty', title: 'Page not found' },
]
