import type { MenuArea } from '@swipe/shared'
import type ja from '../../i18n/ja.json'

export type PageKey = keyof typeof ja.pages

/** One admin screen under `/:userTypeId/` (SPEC §2) and the menu areas that may open it. */
export interface ConsoleRoute {
  path: string
  /** The user needs at least one of these areas; empty means any signed-in user. */
  areas: readonly MenuArea[]
  page: Exclude<PageKey, 'noData'>
}

/**
 * Every admin route of SPEC §2, plus profile-picture and change-password, which have no listed path,
 * and a site's member, contact and form lists (SPEC §2 admin screens; no listed path either).
 */
export const CONSOLE_ROUTES: readonly ConsoleRoute[] = [
  { path: 'summary', areas: ['summary'], page: 'summary' },
  { path: 'user-list', areas: ['userList'], page: 'userList' },
  { path: 'user/:id', areas: ['userList'], page: 'userDetail' },
  { path: 'create-user/:id', areas: ['userList'], page: 'createUser' },
  { path: 'update-user/:type/:id', areas: ['userList'], page: 'updateUser' },
  { path: 'site-list', areas: ['siteProduction'], page: 'siteList' },
  { path: 'site/:id', areas: ['siteProduction'], page: 'siteDetail' },
  { path: 'site/:id/submissions', areas: ['siteProduction'], page: 'siteSubmissions' },
  // The site's API settings and keys (issue 21; SPEC §2 API generation dialog, §3, §7).
  { path: 'site/:id/api', areas: ['siteProduction'], page: 'siteApi' },
  { path: 'site/list/:id', areas: ['siteProduction'], page: 'userSites' },
  { path: 'create-site', areas: ['siteProduction'], page: 'createSite' },
  { path: 'notification-delivery/:siteId', areas: ['siteProduction'], page: 'notificationDelivery' },
  {
    path: 'notification-delivery/:siteId/create',
    areas: ['siteProduction'],
    page: 'notificationDeliveryCreate',
  },
  {
    path: 'notification-delivery/:siteId/detail/:id',
    areas: ['siteProduction'],
    page: 'notificationDeliveryDetail',
  },
  {
    path: 'notification-delivery/:siteId/edit/:id',
    areas: ['siteProduction'],
    page: 'notificationDeliveryEdit',
  },
  { path: 'analytics', areas: ['effectMeasurement'], page: 'analytics' },
  { path: 'plan-management', areas: ['planManagement'], page: 'planManagement' },
  // The plan catalogue serves both the plan managers and the users who check and change their plan.
  { path: 'plan', areas: ['planManagement', 'checkPlan'], page: 'plan' },
  { path: 'check-plan', areas: ['checkPlan'], page: 'checkPlan' },
  { path: 'latest-information', areas: ['latestInformation'], page: 'latestInformation' },
  { path: 'latest-information/create', areas: ['latestInformation'], page: 'latestInformationCreate' },
  { path: 'latest-information/:id', areas: ['latestInformation'], page: 'latestInformationDetail' },
  { path: 'latest-information/edit/:id', areas: ['latestInformation'], page: 'latestInformationEdit' },
  { path: 'system-notification', areas: ['systemNotification'], page: 'systemNotification' },
  { path: 'create-notification', areas: ['systemNotification'], page: 'createNotification' },
  { path: 'notification/:id', areas: ['systemNotification'], page: 'notificationDetail' },
  { path: 'admin-list', areas: ['adminSettings'], page: 'adminList' },
  { path: 'profile-picture', areas: ['profilePicture'], page: 'profilePicture' },
  { path: 'change-password', areas: [], page: 'changePassword' },
  // The API's reference (issue 13): the same document the API serves, for any signed-in user.
  { path: 'api-docs', areas: [], page: 'apiDocs' },
]

/** Where each menu area's entry leads. */
export const MENU_PATHS: Record<MenuArea, string> = {
  summary: 'summary',
  userList: 'user-list',
  siteProduction: 'site-list',
  effectMeasurement: 'analytics',
  planManagement: 'plan-management',
  latestInformation: 'latest-information',
  systemNotification: 'system-notification',
  checkPlan: 'check-plan',
  adminSettings: 'admin-list',
  profilePicture: 'profile-picture',
}

/** What the router keeps on each console route, read by the layout's guard and menu. */
export interface ConsoleRouteHandle {
  areas: readonly MenuArea[]
  page: ConsoleRoute['page']
}

export const isConsoleRouteHandle = (handle: unknown): handle is ConsoleRouteHandle =>
  typeof handle === 'object' && handle !== null && 'areas' in handle && 'page' in handle

/** Whether a user with these menu areas may open a route needing `areas`. */
export const canOpen = (userAreas: readonly MenuArea[], areas: readonly MenuArea[]): boolean =>
  areas.length === 0 || areas.some((area) => userAreas.includes(area))
