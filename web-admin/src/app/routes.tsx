import { Navigate, type RouteObject } from 'react-router'
import type { ContentPageKey } from '../features/content/pages.ts'
import {
  ForbiddenPage,
  GatewayTimeoutPage,
  NotFoundPage,
  RouteErrorPage,
} from '../features/errors/ErrorPages.tsx'
import {
  CONSOLE_ROUTES,
  type ConsoleRoute,
  type ConsoleRouteHandle,
} from '../features/shell/consoleRoutes.ts'
import { type Feature, loadAntdLocale, loadFeatureTexts, loadServerMessages } from '../i18n/index.ts'
import { getStoredUserInfo, isSignedIn, landingPath } from '../lib/session.ts'
import { RouteLoading } from './RouteLoading.tsx'

/** A screen's chunk together with the feature texts it shows (both fetched at once). */
const withTexts = async <T,>(chunk: Promise<T>, features: readonly Feature[]): Promise<T> =>
  (await Promise.all([chunk, loadFeatureTexts(...features)]))[0]

/** The site list shows submission counts and links to a site's forms. */
const SITE_LIST_TEXTS: readonly Feature[] = ['siteList', 'siteSubmissions', 'content', 'siteApi']

/** Latest information, notification delivery and system notifications (issue 20): one lazy chunk. */
const CONTENT_PAGE =
  /^(latestInformation|notificationDelivery|systemNotification|createNotification|notificationDetail)/

/** The screen of one console route, loaded on first visit, with its feature texts. */
const lazyConsolePage = (page: ConsoleRoute['page']): RouteObject['lazy'] => {
  if (page === 'summary')
    return async () => ({
      // The latest information on the summary reads the content texts.
      Component: (await withTexts(import('../features/summary/SummaryPage.tsx'), ['content'])).SummaryPage,
    })
  if (page === 'changePassword')
    return async () => ({
      Component: (await import('../features/auth/ChangePasswordPage.tsx')).ChangePasswordPage,
    })
  if (page === 'userList')
    return async () => ({ Component: (await import('../features/users/UserListPage.tsx')).UserListPage })
  if (page === 'userDetail')
    return async () => ({
      Component: (await import('../features/users/UserDetailPage.tsx')).UserDetailPage,
    })
  if (page === 'updateUser')
    return async () => ({
      Component: (await import('../features/users/UserDetailPage.tsx')).UpdateUserPage,
    })
  if (page === 'createUser')
    return async () => ({
      Component: (await import('../features/users/CreateUserPage.tsx')).CreateUserPage,
    })
  if (page === 'profilePicture')
    return async () => ({
      Component: (await import('../features/profile/ProfilePicturePage.tsx')).ProfilePicturePage,
    })
  if (page === 'siteList')
    return async () => ({
      Component: (await withTexts(import('../features/sites/list/SiteListPage.tsx'), SITE_LIST_TEXTS))
        .SiteListPage,
    })
  if (page === 'userSites')
    return async () => ({
      Component: (await withTexts(import('../features/sites/list/SiteListPage.tsx'), SITE_LIST_TEXTS))
        .UserSitesPage,
    })
  if (page === 'siteDetail')
    return async () => ({
      Component: (
        await withTexts(import('../features/sites/editor/SiteEditorPage.tsx'), [
          'siteEditor',
          'siteContent',
          'siteSubmissions',
          'preview',
          'content',
        ])
      ).SiteEditorPage,
    })
  if (page === 'analytics')
    return async () => ({
      Component: (await withTexts(import('../features/analytics/AnalyticsPage.tsx'), ['analytics']))
        .AnalyticsPage,
    })
  if (page === 'siteSubmissions')
    return async () => ({
      Component: (
        await withTexts(import('../features/sites/submissions/SiteSubmissionsPage.tsx'), [
          'siteEditor',
          'siteSubmissions',
        ])
      ).SiteSubmissionsPage,
    })
  if (page === 'siteApi')
    return async () => ({
      Component: (await withTexts(import('../features/sites/api/SiteApiPage.tsx'), ['siteApi'])).SiteApiPage,
    })
  if (page === 'createSite')
    return async () => ({
      Component: (await withTexts(import('../features/sites/create/CreateSitePage.tsx'), ['siteList']))
        .CreateSitePage,
    })
  if (page === 'apiDocs')
    return async () => ({
      Component: (await import('../features/apiDocs/ApiDocsPage.tsx')).ApiDocsPage,
    })
  if (page === 'adminList')
    return async () => ({
      // The OEM master's white-label domain card shares the domain texts (issue 19).
      Component: (await withTexts(import('../features/adminSettings/AdminListPage.tsx'), ['siteEditor']))
        .AdminListPage,
    })
  if (CONTENT_PAGE.test(page))
    return async () => ({
      Component: (await withTexts(import('../features/content/pages.ts'), ['content'])).CONTENT_PAGES[
        page as ContentPageKey
      ],
    })
  if (page === 'planManagement')
    return async () => ({
      Component: (await withTexts(import('../features/billing/PlanManagementPage.tsx'), ['billing']))
        .PlanManagementPage,
    })
  if (page === 'plan')
    return async () => ({
      Component: (await withTexts(import('../features/billing/PaymentListPage.tsx'), ['billing']))
        .PaymentListPage,
    })
  if (page === 'checkPlan')
    return async () => ({
      Component: (await withTexts(import('../features/billing/CheckPlanPage.tsx'), ['billing']))
        .CheckPlanPage,
    })
  // Every console page has its screen above; a page added to CONSOLE_ROUTES without one fails here
  // (the route error page), never as an empty placeholder in the menu.
  return async () => {
    throw new Error(`No screen for the console page ${page}`)
  }
}

const RootRedirect = () => {
  const info = getStoredUserInfo()
  return <Navigate to={isSignedIn() && info ? landingPath(info) : '/login'} replace />
}

/** All routes of the console (SPEC §2). Every screen is a lazy chunk; a chunk that fails to load shows a reload prompt. */
export const routes: RouteObject[] = [
  {
    path: '/',
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <RouteLoading />,
    children: [
      { index: true, element: <RootRedirect /> },
      {
        path: 'login',
        lazy: async () => ({ Component: (await import('../features/auth/LoginPage.tsx')).LoginPage }),
      },
      {
        path: 'reset-pass',
        // The only public screen that toasts: it brings antd's host along.
        lazy: async () => {
          const [{ ResetPassPage }, { AntdHost }] = await Promise.all([
            import('../features/auth/ResetPassPage.tsx'),
            import('./AntdHost.tsx'),
            loadServerMessages(),
            loadAntdLocale(),
          ])
          return {
            element: (
              <AntdHost>
                <ResetPassPage />
              </AntdHost>
            ),
          }
        },
      },
      {
        // The preview (SPEC §2): the owner (signed in) and invited viewers (a preview token) alike.
        path: 'site/:siteId/preview',
        lazy: async () => {
          const [{ PreviewPage }, { AntdHost }] = await Promise.all([
            withTexts(import('../features/sites/preview/PreviewPage.tsx'), ['preview']),
            import('./AntdHost.tsx'),
            loadServerMessages(),
            loadAntdLocale(),
          ])
          return {
            element: (
              <AntdHost>
                <PreviewPage />
              </AntdHost>
            ),
          }
        },
      },
      {
        path: 'new-password',
        lazy: async () => ({
          Component: (await import('../features/auth/NewPasswordPage.tsx')).NewPasswordPage,
        }),
      },
      {
        path: 'first-time-change-password',
        lazy: async () => ({
          Component: (await import('../features/auth/FirstTimeChangePasswordPage.tsx'))
            .FirstTimeChangePasswordPage,
        }),
      },
      {
        path: 'log-out',
        lazy: async () => ({ Component: (await import('../features/auth/LogoutPage.tsx')).LogoutPage }),
      },
      // Error pages are small and already part of the entry (the router's error element uses them).
      {
        path: 'errors',
        children: [
          { index: true, element: <NotFoundPage /> },
          { path: '403', element: <ForbiddenPage /> },
          { path: '404', element: <NotFoundPage /> },
          { path: '504', element: <GatewayTimeoutPage /> },
        ],
      },
      {
        path: ':userTypeId',
        // The signed-in console: antd's configuration and toast/modal host live here, not at the root.
        lazy: async () => {
          const [{ ConsoleLayout }, { AntdHost }] = await Promise.all([
            import('../features/shell/ConsoleLayout.tsx'),
            import('./AntdHost.tsx'),
            loadServerMessages(),
            loadAntdLocale(),
          ])
          return {
            element: (
              <AntdHost>
                <ConsoleLayout />
              </AntdHost>
            ),
          }
        },
        children: [
          { index: true, element: <Navigate to="summary" replace /> },
          ...CONSOLE_ROUTES.map(
            (route): RouteObject => ({
              path: route.path,
              handle: { areas: route.areas, page: route.page } satisfies ConsoleRouteHandle,
              lazy: lazyConsolePage(route.page),
            }),
          ),
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]
