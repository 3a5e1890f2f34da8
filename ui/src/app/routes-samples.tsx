/**
 * The route registry's sample areas (the admin template's): applications (issue 7), dashboards,
 * academy, e-commerce, knowledge pages, invoice, profile, search, icons, the template pages and the
 * documentation (issue 8), the authentication pages (issue 23). One entry per page, as in routes.tsx;
 * this module is its own chunk (loaded by sample-routes.ts, and by the shell for the navigation), so
 * /login does not grow with them. Every page is its own lazy chunk too (charts, the map, the
 * calendar and drag and drop come only with their pages).
 */
import { Navigate } from 'react-router-dom'

import { LAYOUT_STYLES, LAYOUT_VARIANTS, variantTitle } from '@/features/template-pages/layouts'
import { authRoles } from '@/lib/auth'
import { lazyPage } from '@/lib/theme-system'

import { Redirect } from './redirect'
import type { AppRoute, RouteNav } from './routes'

const MailPage = lazyPage(() => import('@/features/mail/components/mail-page'))
const TodoPage = lazyPage(() => import('@/features/todo/components/todo-page'))
const NotesPage = lazyPage(() => import('@/features/notes/components/notes-page'))
const ContactsPage = lazyPage(() => import('@/features/contacts/components/contacts-page'))
const BoardsPage = lazyPage(() => import('@/features/scrumboard/components/boards-page'))
const BoardPage = lazyPage(() => import('@/features/scrumboard/components/board-page'))
const CalendarPage = lazyPage(() => import('@/features/calendar/components/calendar-page'))
const FileManagerPage = lazyPage(() => import('@/features/file-manager/components/file-manager-page'))
const ChatAppPage = lazyPage(() => import('@/features/chat/components/chat-app-page'))
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
const LoginDemoPage = lazyPage(() => import('@/features/auth/components/login-demo-page'))
const RegisterDemoPage = lazyPage(() => import('@/features/auth/components/register-demo-page'))
const ForgotPasswordPage = lazyPage(() => import('@/features/auth/components/forgot-password-page'))
const ResetPasswordPage = lazyPage(() => import('@/features/auth/components/reset-password-page'))
const LockPage = lazyPage(() => import('@/features/auth/components/lock-page'))
const MailConfirmPage = lazyPage(() => import('@/features/auth/components/mail-confirm-page'))

const staff = authRoles.staff
const WORKING = '/documentation/working-with-the-portal'

/** The page-layout demos: one route, one navigation item per style and variant. */
const LAYOUT_NAV: RouteNav[] = LAYOUT_STYLES.flatMap((style) =>
  LAYOUT_VARIANTS[style].map((variant, i) => ({
    id: `page-layouts-${style}-${variant}`,
    section: `page-layouts-${style}`,
    order: (i + 1) * 10,
    icon: 'layouts',
    title: variantTitle(variant),
    url: `/ui/page-layouts/${style}/${variant}`,
  })),
)

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

export const sampleRoutes: readonly AppRoute[] = [
  { path: '/apps/mail', element: <Navigate to="/apps/mail/inbox" replace />, auth: staff, layout: 'main', title: 'Mail', nav: { id: 'mail', section: 'applications', order: 10, icon: 'mail' } },
  { path: '/apps/mail/label/:labelHandle', element: <MailPage />, auth: staff, layout: 'main', title: 'Mail' },
  { path: '/apps/mail/label/:labelHandle/:mailId', element: <MailPage />, auth: staff, layout: 'main', title: 'Mail' },
  { path: '/apps/mail/filter/:filterHandle', element: <MailPage />, auth: staff, layout: 'main', title: 'Mail' },
  { path: '/apps/mail/filter/:filterHandle/:mailId', element: <MailPage />, auth: staff, layout: 'main', title: 'Mail' },
  { path: '/apps/mail/:folderHandle', element: <MailPage />, auth: staff, layout: 'main', title: 'Mail' },
  { path: '/apps/mail/:folderHandle/:mailId', element: <MailPage />, auth: staff, layout: 'main', title: 'Mail' },
  { path: '/apps/todo', element: <Navigate to="/apps/todo/all" replace />, auth: staff, layout: 'main', title: 'To-Do', nav: { id: 'todo', section: 'applications', order: 20, icon: 'todo' } },
  { path: '/apps/todo/filter/:filterHandle', element: <TodoPage />, auth: staff, layout: 'main', title: 'To-Do' },
  { path: '/apps/todo/label/:labelHandle', element: <TodoPage />, auth: staff, layout: 'main', title: 'To-Do' },
  { path: '/apps/todo/:folderHandle', element: <TodoPage />, auth: staff, layout: 'main', title: 'To-Do' },
  { path: '/apps/notes', element: <NotesPage />, auth: staff, layout: 'main', title: 'Notes', nav: { id: 'notes', section: 'applications', order: 30, icon: 'notes' } },
  { path: '/apps/notes/labels/:labelHandle', element: <NotesPage />, auth: staff, layout: 'main', title: 'Notes' },
  { path: '/apps/notes/:view', element: <NotesPage />, auth: staff, layout: 'main', title: 'Notes' },
  { path: '/apps/contacts', element: <Navigate to="/apps/contacts/all" replace />, auth: staff, layout: 'main', title: 'Contacts', nav: { id: 'contacts', section: 'applications', order: 40, icon: 'contacts' } },
  { path: '/apps/contacts/:view', element: <ContactsPage />, auth: staff, layout: 'main', title: 'Contacts' },
  { path: '/apps/scrumboard', element: <Navigate to="/apps/scrumboard/boards" replace />, auth: staff, layout: 'main', title: 'Scrumboard', nav: { id: 'scrumboard', section: 'applications', order: 70, icon: 'scrumboard' } },
  { path: '/apps/scrumboard/boards', element: <BoardsPage />, auth: staff, layout: 'main', title: 'Scrumboard' },
  { path: '/apps/scrumboard/boards/:boardId', element: <BoardPage />, auth: staff, layout: 'main', title: 'Scrumboard' },
  { path: '/apps/scrumboard/boards/:boardId/:boardUri', element: <BoardPage />, auth: staff, layout: 'main', title: 'Scrumboard' },
  { path: '/apps/calendar', element: <CalendarPage />, auth: staff, layout: 'main', title: 'Calendar', nav: { id: 'calendar', section: 'applications', order: 50, icon: 'calendar' } },
  { path: '/apps/file-manager', element: <FileManagerPage />, auth: staff, layout: 'main', title: 'File Manager', nav: { id: 'file-manager', section: 'applications', order: 80, icon: 'file-manager' } },
  { path: '/apps/file-manager/:folderId', element: <FileManagerPage />, auth: staff, layout: 'main', title: 'File Manager' },
  { path: '/apps/chat', element: <ChatAppPage />, auth: staff, layout: 'main', title: 'Chat', nav: { id: 'chat', section: 'applications', order: 60, icon: 'chat' } },
  { path: '/dashboards/analytics', element: <AnalyticsPage />, auth: staff, layout: 'main', title: 'Analytics dashboard', nav: { id: 'analytics-dashboard', section: 'dashboards', order: 10, icon: 'analytics', title: 'Analytics' } },
  { path: '/dashboards/project', element: <ProjectDashboardPage />, auth: staff, layout: 'main', title: 'Project dashboard', nav: { id: 'project-dashboard', section: 'dashboards', order: 20, icon: 'project', title: 'Project' } },
  { path: '/apps/academy/courses', element: <CoursesPage />, auth: staff, layout: 'main', title: 'Academy', nav: { id: 'academy', section: 'apps-more', order: 10, icon: 'academy' } },
  { path: '/apps/academy/courses/:courseId/:slug', element: <CoursePage />, auth: staff, layout: 'main', title: 'Course' },
  { path: '/apps/e-commerce/products', element: <ProductsPage />, auth: staff, layout: 'main', title: 'Products', nav: { id: 'e-commerce-products', section: 'e-commerce', order: 10, icon: 'package' } },
  { path: '/apps/e-commerce/products/:productId', element: <ProductPage />, auth: staff, layout: 'main', title: 'Product' },
  { path: '/apps/e-commerce/orders', element: <OrdersPage />, auth: staff, layout: 'main', title: 'Orders', nav: { id: 'e-commerce-orders', section: 'e-commerce', order: 20, icon: 'receipt' } },
  { path: '/apps/e-commerce/orders/:orderId', element: <OrderPage />, auth: staff, layout: 'main', title: 'Order' },
  { path: '/pages/faq', element: <FaqPage />, auth: staff, layout: 'main', title: 'FAQ', nav: { id: 'faq', section: 'pages', order: 30, icon: 'help' } },
  { path: '/pages/knowledge-base', element: <KnowledgeBasePage />, auth: staff, layout: 'main', title: 'Knowledge base', nav: { id: 'knowledge-base', section: 'pages', order: 40, icon: 'book' } },
  { path: '/pages/knowledge-base/:topic', element: <KnowledgeBasePage />, auth: staff, layout: 'main', title: 'Knowledge base' },
  { path: '/pages/invoice/modern', element: <InvoicePage variant="modern" />, auth: staff, layout: 'main', title: 'Invoice', nav: { id: 'invoice-modern', section: 'invoice', order: 10, icon: 'receipt', title: 'Modern' } },
  { path: '/pages/invoice/compact', element: <InvoicePage variant="compact" />, auth: staff, layout: 'main', title: 'Invoice', nav: { id: 'invoice-compact', section: 'invoice', order: 20, icon: 'receipt', title: 'Compact' } },
  { path: '/pages/profile', element: <ProfilePage />, auth: staff, layout: 'main', title: 'Profile', nav: { id: 'profile', section: 'pages', order: 80, icon: 'profile' } },
  { path: '/pages/search', element: <SearchPage />, auth: staff, layout: 'main', title: 'Search', nav: { id: 'search-classic', section: 'search', order: 10, icon: 'search', title: 'Classic search', exact: true } },
  { path: '/pages/search/modern', element: <ModernSearchPage />, auth: staff, layout: 'main', title: 'Search', nav: { id: 'search-modern', section: 'search', order: 20, icon: 'search', title: 'Modern search' } },
  { path: '/pages/pricing/style-1', element: <PricingPage style={1} />, auth: staff, layout: 'main', title: 'Pricing', nav: { id: 'pricing-style-1', section: 'pricing', order: 10, icon: 'pricing', title: 'Style 1' } },
  { path: '/pages/pricing/style-2', element: <PricingPage style={2} />, auth: staff, layout: 'main', title: 'Pricing', nav: { id: 'pricing-style-2', section: 'pricing', order: 20, icon: 'pricing', title: 'Style 2' } },
  { path: '/pages/pricing/style-3', element: <PricingPage style={3} />, auth: staff, layout: 'main', title: 'Pricing', nav: { id: 'pricing-style-3', section: 'pricing', order: 30, icon: 'pricing', title: 'Style 3' } },
  { path: '/pages/coming-soon', element: <ComingSoonPage />, auth: staff, layout: 'empty', title: 'Coming soon', nav: { id: 'coming-soon', section: 'pages', order: 20, icon: 'alarm' } },
  { path: '/pages/maintenance', element: <MaintenancePage />, auth: null, layout: 'empty', title: 'Maintenance', nav: { id: 'maintenance', section: 'pages', order: 60, icon: 'build' } },
  { path: '/pages/errors/error-500', element: <Error500Page />, auth: null, layout: 'empty', title: 'Server error', nav: { id: 'error-500', section: 'errors', order: 20, icon: 'error', title: '500' } },
  { path: '/pages/auth/login', element: <LoginDemoPage variant="card" />, auth: null, layout: 'empty', title: 'Login', nav: { id: 'auth-login', section: 'auth-pages', order: 10, icon: 'lock' } },
  { path: '/pages/auth/login-2', element: <LoginDemoPage variant="split" />, auth: null, layout: 'empty', title: 'Login', nav: { id: 'auth-login-2', section: 'auth-pages', order: 20, icon: 'lock', title: 'Login v2' } },
  { path: '/pages/auth/register', element: <RegisterDemoPage variant="card" />, auth: null, layout: 'empty', title: 'Register', nav: { id: 'auth-register', section: 'auth-pages', order: 30, icon: 'lock' } },
  { path: '/pages/auth/register-2', element: <RegisterDemoPage variant="split" />, auth: null, layout: 'empty', title: 'Register', nav: { id: 'auth-register-2', section: 'auth-pages', order: 40, icon: 'lock', title: 'Register v2' } },
  { path: '/pages/auth/forgot-password', element: <ForgotPasswordPage variant="card" />, auth: null, layout: 'empty', title: 'Forgot password', nav: { id: 'auth-forgot-password', section: 'auth-pages', order: 50, icon: 'lock' } },
  { path: '/pages/auth/forgot-password-2', element: <ForgotPasswordPage variant="split" />, auth: null, layout: 'empty', title: 'Forgot password', nav: { id: 'auth-forgot-password-2', section: 'auth-pages', order: 60, icon: 'lock', title: 'Forgot password v2' } },
  { path: '/pages/auth/reset-password', element: <ResetPasswordPage variant="card" />, auth: null, layout: 'empty', title: 'Reset password', nav: { id: 'auth-reset-password', section: 'auth-pages', order: 70, icon: 'lock' } },
  { path: '/pages/auth/reset-password-2', element: <ResetPasswordPage variant="split" />, auth: null, layout: 'empty', title: 'Reset password', nav: { id: 'auth-reset-password-2', section: 'auth-pages', order: 80, icon: 'lock', title: 'Reset password v2' } },
  { path: '/pages/auth/lock', element: <LockPage />, auth: staff, layout: 'empty', title: 'Locked', nav: { id: 'auth-lock', section: 'auth-pages', order: 90, icon: 'lock', title: 'Lock screen' } },
  { path: '/pages/auth/mail-confirm', element: <MailConfirmPage />, auth: null, layout: 'empty', title: 'Confirm your email', nav: { id: 'auth-mail-confirm', section: 'auth-pages', order: 100, icon: 'lock', title: 'Mail confirmation' } },
  { path: '/ui/icons', element: <IconsPage />, auth: staff, layout: 'main', title: 'Icons', nav: { id: 'icons', section: 'user-interface', order: 10, icon: 'icons' } },
  { path: '/ui/page-layouts/blank', element: <BlankLayoutPage />, auth: staff, layout: 'main', title: 'Blank page', nav: { id: 'page-layouts-blank', section: 'page-layouts', order: 30, icon: 'layouts', title: 'Blank' } },
  { path: '/ui/page-layouts/:style/:variant', element: <LayoutDemoPage />, auth: staff, layout: 'main', title: 'Page layout', nav: LAYOUT_NAV },
  { path: '/ui/typography', element: <TypographyPage />, auth: staff, layout: 'main', title: 'Typography', nav: { id: 'typography', section: 'user-interface', order: 20, icon: 'typography' } },
  { path: '/ui/helper-classes', element: <HelperClassesPage />, auth: staff, layout: 'main', title: 'Helper classes', nav: { id: 'helper-classes', section: 'user-interface', order: 30, icon: 'helper' } },
  { path: '/documentation/getting-started/introduction', element: <IntroductionPage />, auth: staff, layout: 'main', title: 'Introduction', nav: { id: 'doc-introduction', section: 'getting-started', order: 10, icon: 'rocket' } },
  { path: '/documentation/getting-started/installation', element: <InstallationPage />, auth: staff, layout: 'main', title: 'Installation', nav: { id: 'doc-installation', section: 'getting-started', order: 20, icon: 'package' } },
  { path: '/documentation/authentication', element: <AuthenticationPage />, auth: staff, layout: 'main', title: 'Authentication', nav: { id: 'doc-authentication', section: 'documentation', order: 30, icon: 'lock' } },
  { path: '/documentation/components', element: <ComponentsDocPage />, auth: staff, layout: 'main', title: 'Components', nav: { id: 'doc-components', section: 'documentation', order: 40, icon: 'components' } },
  { path: '/documentation/third-party-components', element: <ThirdPartyPage />, auth: staff, layout: 'main', title: 'Third-party components', nav: { id: 'doc-third-party', section: 'documentation', order: 50, icon: 'package' } },
  { path: '/documentation/changelog', element: <ChangelogPage />, auth: staff, layout: 'main', title: 'Changelog', nav: { id: 'doc-changelog', section: 'documentation', order: 60, icon: 'changelog' } },
  { path: `${WORKING}/theming`, element: <ThemingDocPage />, auth: staff, layout: 'main', title: 'Theming', nav: { id: 'doc-theming', section: 'working-with-the-portal', order: 10, icon: 'palette' } },
  { path: `${WORKING}/settings`, element: <SettingsDocPage />, auth: staff, layout: 'main', title: 'Settings', nav: { id: 'doc-settings', section: 'working-with-the-portal', order: 20, icon: 'settings' } },
  { path: `${WORKING}/routing`, element: <RoutingDocPage />, auth: staff, layout: 'main', title: 'Routing', nav: { id: 'doc-routing', section: 'working-with-the-portal', order: 30, icon: 'route' } },
  { path: `${WORKING}/navigation`, element: <NavigationDocPage />, auth: staff, layout: 'main', title: 'Navigation', nav: { id: 'doc-navigation', section: 'working-with-the-portal', order: 40, icon: 'layouts' } },
  { path: `${WORKING}/api-calls`, element: <ApiCallsDocPage />, auth: staff, layout: 'main', title: 'API calls', nav: { id: 'doc-api-calls', section: 'working-with-the-portal', order: 50, icon: 'api' } },
  ...TEMPLATE_REDIRECTS.map(([path, to]): AppRoute => ({ path, element: <Redirect to={to} />, auth: null, layout: 'main', title: 'Redirecting' })),
]
