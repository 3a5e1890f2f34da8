import { lazy, Suspense, type ReactElement } from 'react'

import { PageLoader } from '@/components/page-loader'
import { authRoles, type AuthSetting } from '@/lib/auth'
import type { NavBadge } from '@/lib/navigation'
import { lazyPage } from '@/lib/theme-system'

/**
 * The route registry: one entry per page, from which the router's tree (router.tsx), the
 * navigation menus, the toolbar's page search, the shortcuts and the document titles are all
 * derived (navigation.ts). Adding a page is one entry here (product pages, in the start chunk) or
 * in routes-samples.tsx (the template's sample areas, their own chunk so /login does not grow).
 * Links out of the app, which have no route, are declared with the sections in navigation.ts.
 */
export interface AppRoute {
  path: string
  /** The page, a lazily loaded component (each page is its own chunk). */
  element: ReactElement
  /** Roles allowed (the route guard); [] = guests only; null = everyone. */
  auth: AuthSetting
  /** 'main' pages sit in the shell; 'empty' pages hide navbar, toolbar, footer and side panels. */
  layout: 'main' | 'empty'
  /** Document title. */
  title: string
  /** Its entry (or entries, one per address of a parameterised path) in the navigation. */
  nav?: RouteNav | readonly RouteNav[]
}

/** A page's place in the navigation; a group or collapse (`section`) is declared in navigation.ts. */
export interface RouteNav {
  /** The item's id: test ids, saved shortcuts and the settings refer to it. */
  id: string
  /** The navigation section (group or collapse) it sits in, and its place there (ascending). */
  section: string
  order: number
  icon: string
  /** The menu text when it differs from the document title. */
  title?: string
  /** The address it opens when it differs from the path (a parameterised path). */
  url?: string
  /** Active only on its own address, not below it. */
  exact?: boolean
  badge?: NavBadge
  /** Roles that see the item when narrower than the route's (undefined = whoever may open it). */
  auth?: AuthSetting
}

// Every page is its own chunk: /login never downloads the dashboard code. The start pages render
// with the small start theme; every other page brings the full one (lib/theme-system.ts).
const LoginPage = lazy(() => import('@/features/auth/components/login-page'))
const LogoutPage = lazy(() => import('@/features/auth/components/logout-page'))
const loadDashboard = () => import('@/features/dashboard/components/dashboard-page')
export const DashboardPage = lazyPage(loadDashboard)
const Error404Page = lazyPage(() => import('@/features/errors/components/error-404-page'))
const RecordListPage = lazyPage(() => import('@/features/records/components/list-page'))
const RecordDetailPage = lazyPage(() => import('@/features/records/components/detail-page'))
const MyWorkPage = lazyPage(() => import('@/features/my-work/components/my-work-page'))
const AdminUsersPage = lazyPage(() => import('@/features/admin/components/users-page'))
const AdminAuditPage = lazyPage(() => import('@/features/admin/components/audit-page'))
const AccountPage = lazyPage(() => import('@/features/account/components/account-page'))

export const DEFAULT_PATH = '/dashboard'
export const NOT_FOUND_PATH = '/pages/errors/error-404'

const staff = authRoles.staff
const admin = authRoles.admin

/** The product's pages (open to all four roles but the console). The sample areas' are in routes-samples.tsx. */
export const routes: AppRoute[] = [
  { path: '/login', element: <LoginPage />, auth: authRoles.onlyGuest, layout: 'empty', title: 'Sign in' },
  { path: '/logout', element: (
      // 'Logging out..' from the first frame, while the page's code still arrives (the spec's text).
      <Suspense fallback={<PageLoader label="Logging out.." />}>
        <LogoutPage />
      </Suspense>
    ), auth: null, layout: 'empty', title: 'Logging out' },
  // The technicians' field view comes first for them (issue 18); other roles open it by its address.
  { path: '/my-work', element: <MyWorkPage />, auth: staff, layout: 'main', title: 'My work', nav: { id: 'my-work', section: 'portal', order: 10, icon: 'my-work', auth: ['technician'] } },
  { path: '/dashboard', element: <DashboardPage />, auth: staff, layout: 'main', title: 'Dashboard', nav: { id: 'dashboard', section: 'portal', order: 20, icon: 'dashboard', exact: true } },
  { path: '/assets', element: <RecordListPage resource="assets" />, auth: staff, layout: 'main', title: 'Assets', nav: { id: 'assets', section: 'portal', order: 30, icon: 'assets' } },
  { path: '/assets/:id', element: <RecordDetailPage resource="assets" />, auth: staff, layout: 'main', title: 'Asset' },
  { path: '/documents', element: <RecordListPage resource="documents" />, auth: staff, layout: 'main', title: 'Documents', nav: { id: 'documents', section: 'portal', order: 40, icon: 'documents' } },
  { path: '/documents/:id', element: <RecordDetailPage resource="documents" />, auth: staff, layout: 'main', title: 'Document' },
  { path: '/leads', element: <RecordListPage resource="leads" />, auth: staff, layout: 'main', title: 'Opportunities', nav: { id: 'opportunities', section: 'portal', order: 50, icon: 'opportunities' } },
  { path: '/leads/:id', element: <RecordDetailPage resource="leads" />, auth: staff, layout: 'main', title: 'Opportunity' },
  // The admin console (issue 19): shown to admins only; the routes and the API refuse everyone else.
  { path: '/admin/users', element: <AdminUsersPage />, auth: admin, layout: 'main', title: 'Users', nav: { id: 'admin-users', section: 'admin', order: 10, icon: 'profile', auth: admin } },
  { path: '/admin/audit', element: <AdminAuditPage />, auth: admin, layout: 'main', title: 'Audit log', nav: { id: 'admin-audit', section: 'admin', order: 20, icon: 'lock', auth: admin } },
  { path: '/profile/account', element: <AccountPage />, auth: staff, layout: 'main', title: 'Your account' },
  { path: NOT_FOUND_PATH, element: <Error404Page />, auth: null, layout: 'empty', title: 'Page not found', nav: { id: 'error-404', section: 'errors', order: 10, icon: 'error', title: '404' } },
]

