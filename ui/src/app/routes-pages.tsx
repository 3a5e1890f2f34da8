/**
 * Routes of the sample areas, part 2 (issue 8): dashboards, academy, e-commerce, knowledge pages,
 * invoice, profile, search, icons, the template pages and the documentation. Every page is its own
 * lazy chunk (charts, the map and the icon font come only with their pages).
 */

import { authRoles } from '@/lib/auth'
import { lazyPage } from '@/lib/theme-system'

import type { AppRoute } from './routes'

const AnalyticsPage = lazyPage(() => import('@/features/analytics-dashboard/components/analytics-page'))
const ProjectDashboardPage = lazyPage(() => import('@/features/project-dashboard/components/project-dashboard-page'))
const ProductsPage = lazyPage(() => import('@/features/e-commerce/components/products-page'))
const ProductPage = lazyPage(() => import('@/features/e-commerce/components/product-page'))
const OrdersPage = lazyPage(() => import('@/features/e-commerce/components/orders-page'))
const OrderPage = lazyPage(() => import('@/features/e-commerce/components/order-page'))
const CoursesPage = lazyPage(() => import('@/features/academy/components/courses-page'))
const CoursePage = lazyPage(() => import('@/features/academy/components/course-page'))
const FaqPage = lazyPage(() => import('@/features/faq/components/faq-page'))
const KnowledgeBasePage = lazyPage(() => import('@/features/knowledge-base/components/knowledge-base-page'))
const InvoicePage = lazyPage(() => import('@/features/invoice/components/invoice-page'))
const ProfilePage = lazyPage(() => import('@/features/profile/components/profile-page'))
const SearchPage = lazyPage(() => import('@/features/search-page/components/search-page'))
const IconsPage = lazyPage(() => import('@/features/icons/components/icons-page'))
const LayoutDemoPage = lazyPage(() => import('@/features/template-pages/components/layout-demo-page'))
const BlankLayoutPage = lazyPage(() => import('@/features/template-pages/components/blank-page'))
const TypographyPage = lazyPage(() => import('@/features/template-pages/components/typography-page'))
const HelperClassesPage = lazyPage(() => import('@/features/template-pages/components/helper-classes-page'))
const IntroductionPage = lazyPage(() => import('@/features/documentation/components/introduction-page'))
const InstallationPage = lazyPage(() => import('@/features/documentation/components/installation-page'))
const AuthenticationPage = lazyPage(() => import('@/features/documentation/components/authentication-page'))
const ComponentsDocPage = lazyPage(() => import('@/features/documentation/components/components-page'))
const ThirdPartyPage = lazyPage(() => import('@/features/documentation/components/third-party-page'))
const ChangelogPage = lazyPage(() => import('@/features/documentation/components/changelog-page'))

const staff = authRoles.staff

export const pagesRoutes: AppRoute[] = [
  { path: '/dashboards/analytics', element: <AnalyticsPage />, auth: staff, layout: 'main', title: 'Analytics dashboard' },
  { path: '/dashboards/project', element: <ProjectDashboardPage />, auth: staff, layout: 'main', title: 'Project dashboard' },
  { path: '/apps/academy/courses', element: <CoursesPage />, auth: staff, layout: 'main', title: 'Academy' },
  { path: '/apps/academy/courses/:courseId/:slug', element: <CoursePage />, auth: staff, layout: 'main', title: 'Course' },
  { path: '/apps/e-commerce/products', element: <ProductsPage />, auth: staff, layout: 'main', title: 'Products' },
  { path: '/apps/e-commerce/products/:productId', element: <ProductPage />, auth: staff, layout: 'main', title: 'Product' },
  { path: '/apps/e-commerce/orders', element: <OrdersPage />, auth: staff, layout: 'main', title: 'Orders' },
  { path: '/apps/e-commerce/orders/:orderId', element: <OrderPage />, auth: staff, layout: 'main', title: 'Order' },
  { path: '/pages/faq', element: <FaqPage />, auth: staff, layout: 'main', title: 'FAQ' },
  { path: '/pages/knowledge-base', element: <KnowledgeBasePage />, auth: staff, layout: 'main', title: 'Knowledge base' },
  { path: '/pages/knowledge-base/:topic', element: <KnowledgeBasePage />, auth: staff, layout: 'main', title: 'Knowledge base' },
  { path: '/pages/invoice/modern', element: <InvoicePage variant="modern" />, auth: staff, layout: 'main', title: 'Invoice' },
  { path: '/pages/invoice/compact', element: <InvoicePage variant="compact" />, auth: staff, layout: 'main', title: 'Invoice' },
  { path: '/pages/profile', element: <ProfilePage />, auth: staff, layout: 'main', title: 'Profile' },
  { path: '/pages/search', element: <SearchPage />, auth: staff, layout: 'main', title: 'Search' },
  { path: '/ui/icons', element: <IconsPage />, auth: staff, layout: 'main', title: 'Icons' },
  { path: '/ui/page-layouts/blank', element: <BlankLayoutPage />, auth: staff, layout: 'main', title: 'Blank page' },
  { path: '/ui/page-layouts/:style/:variant', element: <LayoutDemoPage />, auth: staff, layout: 'main', title: 'Page layout' },
  { path: '/ui/typography', element: <TypographyPage />, auth: staff, layout: 'main', title: 'Typography' },
  { path: '/ui/helper-classes', element: <HelperClassesPage />, auth: staff, layout: 'main', title: 'Helper classes' },
  { path: '/documentation/getting-started/introduction', element: <IntroductionPage />, auth: staff, layout: 'main', title: 'Introduction' },
  { path: '/documentation/getting-started/installation', element: <InstallationPage />, auth: staff, layout: 'main', title: 'Installation' },
  { path: '/documentation/authentication', element: <AuthenticationPage />, auth: staff, layout: 'main', title: 'Authentication' },
  { path: '/documentation/components', element: <ComponentsDocPage />, auth: staff, layout: 'main', title: 'Components' },
  { path: '/documentation/third-party-components', element: <ThirdPartyPage />, auth: staff, layout: 'main', title: 'Third-party components' },
  { path: '/documentation/changelog', element: <ChangelogPage />, auth: staff, layout: 'main', title: 'Changelog' },
]
