/**
 * Routes of the sample areas, part 2 (issue 8): dashboards, academy, e-commerce, knowledge pages,
 * invoice, profile, search, icons, the template pages and the documentation. Every page is its own
 * lazy chunk (charts, the map and the icon font come only with their pages).
 */

import { authRoles } from '@/lib/auth'
import { lazyPage } from '@/lib/theme-system'

import { Redirect } from './redirect'
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
const ThemingDocPage = lazyPage(() => import('@/features/documentation/components/theming-page'))
const SettingsDocPage = lazyPage(() => import('@/features/documentation/components/settings-page'))
const RoutingDocPage = lazyPage(() => import('@/features/documentation/components/routing-page'))
const NavigationDocPage = lazyPage(() => import('@/features/documentation/components/navigation-doc-page'))
const ApiCallsDocPage = lazyPage(() => import('@/features/documentation/components/api-calls-page'))
const ModernSearchPage = lazyPage(() => import('@/features/search-page/components/modern-search-page'))
const PricingPage = lazyPage(() => import('@/features/template-pages/components/pricing-page'))
const ComingSoonPage = lazyPage(() => import('@/features/template-pages/components/coming-soon-page'))
const MaintenancePage = lazyPage(() => import('@/features/template-pages/components/maintenance-page'))
const Error500Page = lazyPage(() => import('@/features/errors/components/error-500-page'))
// The template's authentication pages (issue 23): forgot / reset password and the lock screen are real; the rest show the layouts.
const LoginDemoPage = lazyPage(() => import('@/features/auth/components/login-demo-page'))
const RegisterDemoPage = lazyPage(() => import('@/features/auth/components/register-demo-page'))
const ForgotPasswordPage = lazyPage(() => import('@/features/auth/components/forgot-password-page'))
const ResetPasswordPage = lazyPage(() => import('@/features/auth/components/reset-password-page'))
const LockPage = lazyPage(() => import('@/features/auth/components/lock-page'))
const MailConfirmPage = lazyPage(() => import('@/features/auth/components/mail-confirm-page'))

const staff = authRoles.staff
const WORKING = '/documentation/working-with-the-portal'

/**
 * The original template's addresses where the portal's differ (its navigation, issue 23): each
 * sends the visitor on to the portal's page, parameters and query kept.
 */
const TEMPLATE_REDIRECTS: [string, string][] = [
  ['/apps/dashboards/analytics', '/dashboards/analytics'],
  ['/apps/dashboards/project', '/dashboards/project'],
  ['/apps/e-commerce', '/apps/e-commerce/products'],
  ['/apps/e-commerce/products/:productId/:handle', '/apps/e-commerce/products/:productId'],
  ['/apps/academy', '/apps/academy/courses'],
  ['/pages/invoices/modern', '/pages/invoice/modern'],
  ['/pages/invoices/compact', '/pages/invoice/compact'],
  ['/pages/search/classic', '/pages/search'],
  ['/register', '/pages/auth/register'],
  ['/auth/admin-role-example', '/documentation/authentication'],
  ['/auth/staff-role-example', '/documentation/authentication'],
  ['/auth/guest-role-example', '/documentation/authentication'],
  // The template's documentation tree, onto the portal's pages about the same subject.
  ['/documentation/working-with-fuse-react/development', '/documentation/getting-started/installation'],
  ['/documentation/working-with-fuse-react/production', '/documentation/getting-started/installation'],
  ['/documentation/working-with-fuse-react/project-structure', '/documentation/getting-started/introduction'],
  ['/documentation/working-with-fuse-react/updating-fuse-react', '/documentation/changelog'],
  ['/documentation/working-with-fuse-react/theming', `${WORKING}/theming`],
  ['/documentation/working-with-fuse-react/theme-layouts', `${WORKING}/settings`],
  ['/documentation/working-with-fuse-react/page-layouts', '/ui/page-layouts/carded/full-width'],
  ['/documentation/working-with-fuse-react/settings', `${WORKING}/settings`],
  ['/documentation/working-with-fuse-react/routing', `${WORKING}/routing`],
  ['/documentation/working-with-fuse-react/code-splitting', `${WORKING}/routing`],
  ['/documentation/working-with-fuse-react/rtl-support', `${WORKING}/settings`],
  ['/documentation/working-with-fuse-react/multi-language', `${WORKING}/navigation`],
  ['/documentation/working-with-fuse-react/ides-vscode-webstorm', '/documentation/getting-started/installation'],
  ['/documentation/authentication/:provider', '/documentation/authentication'],
  ['/documentation/fuse-components/fuse-navigation', `${WORKING}/navigation`],
  ['/documentation/fuse-components/fuse-theme', `${WORKING}/theming`],
  ['/documentation/fuse-components/fuse-layout', `${WORKING}/settings`],
  ['/documentation/fuse-components/fuse-authorization', `${WORKING}/routing`],
  ['/documentation/fuse-components/:component', '/documentation/components'],
  ['/documentation/material-ui-components/:component', '/documentation/components'],
  ['/documentation/third-party-components/*', '/documentation/third-party-components'],
]

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
  { path: '/pages/search/modern', element: <ModernSearchPage />, auth: staff, layout: 'main', title: 'Search' },
  { path: '/pages/pricing/style-1', element: <PricingPage style={1} />, auth: staff, layout: 'main', title: 'Pricing' },
  { path: '/pages/pricing/style-2', element: <PricingPage style={2} />, auth: staff, layout: 'main', title: 'Pricing' },
  { path: '/pages/pricing/style-3', element: <PricingPage style={3} />, auth: staff, layout: 'main', title: 'Pricing' },
  { path: '/pages/coming-soon', element: <ComingSoonPage />, auth: staff, layout: 'empty', title: 'Coming soon' },
  { path: '/pages/maintenance', element: <MaintenancePage />, auth: null, layout: 'empty', title: 'Maintenance' },
  { path: '/pages/errors/error-500', element: <Error500Page />, auth: null, layout: 'empty', title: 'Server error' },
  { path: '/pages/auth/login', element: <LoginDemoPage variant="card" />, auth: null, layout: 'empty', title: 'Login' },
  { path: '/pages/auth/login-2', element: <LoginDemoPage variant="split" />, auth: null, layout: 'empty', title: 'Login' },
  { path: '/pages/auth/register', element: <RegisterDemoPage variant="card" />, auth: null, layout: 'empty', title: 'Register' },
  { path: '/pages/auth/register-2', element: <RegisterDemoPage variant="split" />, auth: null, layout: 'empty', title: 'Register' },
  { path: '/pages/auth/forgot-password', element: <ForgotPasswordPage variant="card" />, auth: null, layout: 'empty', title: 'Forgot password' },
  { path: '/pages/auth/forgot-password-2', element: <ForgotPasswordPage variant="split" />, auth: null, layout: 'empty', title: 'Forgot password' },
  { path: '/pages/auth/reset-password', element: <ResetPasswordPage variant="card" />, auth: null, layout: 'empty', title: 'Reset password' },
  { path: '/pages/auth/reset-password-2', element: <ResetPasswordPage variant="split" />, auth: null, layout: 'empty', title: 'Reset password' },
  { path: '/pages/auth/lock', element: <LockPage />, auth: staff, layout: 'empty', title: 'Locked' },
  { path: '/pages/auth/mail-confirm', element: <MailConfirmPage />, auth: null, layout: 'empty', title: 'Confirm your email' },
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
  { path: `${WORKING}/theming`, element: <ThemingDocPage />, auth: staff, layout: 'main', title: 'Theming' },
  { path: `${WORKING}/settings`, element: <SettingsDocPage />, auth: staff, layout: 'main', title: 'Settings' },
  { path: `${WORKING}/routing`, element: <RoutingDocPage />, auth: staff, layout: 'main', title: 'Routing' },
  { path: `${WORKING}/navigation`, element: <NavigationDocPage />, auth: staff, layout: 'main', title: 'Navigation' },
  { path: `${WORKING}/api-calls`, element: <ApiCallsDocPage />, auth: staff, layout: 'main', title: 'API calls' },
  ...TEMPLATE_REDIRECTS.map(([path, to]): AppRoute => ({ path, element: <Redirect to={to} />, auth: null, layout: 'main', title: 'Redirecting' })),
]
