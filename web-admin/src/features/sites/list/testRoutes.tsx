import type { RouteObject } from 'react-router'
import { ConsoleLayout } from '../../shell/ConsoleLayout.tsx'
import { CONSOLE_ROUTES, type ConsoleRouteHandle } from '../../shell/consoleRoutes.ts'
import { CreateSitePage } from '../create/CreateSitePage.tsx'
import { SiteListPage, UserSitesPage } from './SiteListPage.tsx'

/**
 * The console routes the site-list and create-site tests need, mounted the way app/routes.tsx
 * mounts console screens (inside the layout, with each route's handle). The editor is a stand-in.
 */
const PAGES: Record<string, RouteObject['element']> = {
  'site-list': <SiteListPage />,
  'site/list/:id': <UserSitesPage />,
  'create-site': <CreateSitePage />,
  'site/:id': <h1>editor stand-in</h1>,
}

export const siteTestRoutes: RouteObject[] = [
  {
    path: '/:userTypeId',
    element: <ConsoleLayout />,
    children: CONSOLE_ROUTES.filter((route) => route.path in PAGES).map((route) => ({
      path: route.path,
      handle: { areas: route.areas, page: route.page } satisfies ConsoleRouteHandle,
      element: PAGES[route.path],
    })),
  },
  { path: '/errors/403', element: <h1>forbidden stand-in</h1> },
]
