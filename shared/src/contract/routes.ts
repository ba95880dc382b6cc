/**
 * The one route table (ARCHITECTURE decision 1). The CDK API stack builds API Gateway routes
 * from it, the local gateway dispatches from it, and each handler module reads its own entry
 * (auth kind) from it. A route's handler lives at `functions/src/<context>/<action>.ts` and is
 * wired into the context's Lambda at `functions/src/<context>/index.ts`.
 */
import { API_BASE_PATH, type Context, type RouteDef, route } from './route-def.ts'
import { authRouteHeads } from './routes-auth.ts'

export * from './route-def.ts'

export const routes = {
  'health.get': route({
    method: 'GET',
    path: '/health',
    context: 'health',
    action: 'get',
    auth: 'public',
  }),
  'health.ready': route({
    method: 'GET',
    path: '/health/ready',
    context: 'health',
    action: 'ready',
    auth: 'public',
  }),

  // Auth (SPEC §7): ./routes-auth.ts
  ...authRouteHeads,

  // Accounts: one scoped set of user endpoints for every console (docs/decisions.md)
  'accounts.list': route({
    method: 'GET',
    path: '/users',
    context: 'accounts',
    action: 'list',
    auth: 'admin',
    permission: 'account:read',
  }),
  'accounts.get': route({
    method: 'GET',
    path: '/users/{id}',
    context: 'accounts',
    action: 'get',
    auth: 'admin',
    permission: 'account:read',
  }),
  'accounts.create': route({
    method: 'POST',
    path: '/users',
    context: 'accounts',
    action: 'create',
    auth: 'admin',
    permission: 'account:create',
  }),
  'accounts.update': route({
    method: 'PUT',
    path: '/users/{id}',
    context: 'accounts',
    action: 'update',
    auth: 'admin',
    permission: 'account:update',
  }),
  'accounts.contract': route({
    method: 'POST',
    path: '/users/{id}/contract',
    context: 'accounts',
    action: 'contract',
    auth: 'admin',
    permission: 'account:contract',
  }),
  'accounts.remove': route({
    method: 'DELETE',
    path: '/users/{id}',
    context: 'accounts',
    action: 'remove',
    auth: 'admin',
    permission: 'account:delete',
  }),

  // Admin settings: the caller's own sub-admins
  'accounts.listSubAdmins': route({
    method: 'GET',
    path: '/sub-admins',
    context: 'accounts',
    action: 'listSubAdmins',
    auth: 'admin',
    permission: 'subAdmin:manage',
  }),
  'accounts.createSubAdmin': route({
    method: 'POST',
    path: '/sub-admins',
    context: 'accounts',
    action: 'createSubAdmin',
    auth: 'admin',
    permission: 'subAdmin:manage',
  }),
  'accounts.updateSubAdmin': route({
    method: 'PUT',
    path: '/sub-admins/{id}',
    context: 'accounts',
    action: 'updateSubAdmin',
    auth: 'admin',
    permission: 'subAdmin:manage',
  }),
  'accounts.removeSubAdmin': route({
    method: 'DELETE',
    path: '/sub-admins/{id}',
    context: 'accounts',
    action: 'removeSubAdmin',
    auth: 'admin',
    permission: 'subAdmin:manage',
  }),

  // CSV, profile picture, summary
  'accounts.export': route({
    method: 'GET',
    path: '/users/export',
    context: 'accounts',
    action: 'export',
    auth: 'admin',
    permission: 'account:read',
  }),
  'accounts.importUploadUrl': route({
    method: 'POST',
    path: '/users/import/upload-url',
    context: 'accounts',
    action: 'importUploadUrl',
    auth: 'admin',
    permission: 'account:create',
  }),
  'accounts.importPreview': route({
    method: 'POST',
    path: '/users/import/preview',
    context: 'accounts',
    action: 'importPreview',
    auth: 'admin',
    permission: 'account:create',
  }),
  'accounts.importCommit': route({
    method: 'POST',
    path: '/users/import',
    context: 'accounts',
    action: 'importCommit',
    auth: 'admin',
    permission: 'account:create',
  }),
  'accounts.logoUploadUrl': route({
    method: 'POST',
    path: '/profile/logo/upload-url',
    context: 'accounts',
    action: 'logoUploadUrl',
    auth: 'admin',
    permission: 'self:update',
  }),
  'accounts.logoConfirm': route({
    method: 'PUT',
    path: '/profile/logo',
    context: 'accounts',
    action: 'logoConfirm',
    auth: 'admin',
    permission: 'self:update',
  }),
  'accounts.logoRemove': route({
    method: 'DELETE',
    path: '/profile/logo',
    context: 'accounts',
    action: 'logoRemove',
    auth: 'admin',
    permission: 'self:update',
  }),
  'accounts.summary': route({
    method: 'GET',
    path: '/summary',
    context: 'accounts',
    action: 'summary',
    auth: 'admin',
    permission: 'summary:read',
  }),

  // Sites: the site builder (SPEC §7 Sites; docs/decisions.md "Site builder")
  'sites.list': route({
    method: 'GET',
    path: '/site',
    context: 'sites',
    action: 'list',
    auth: 'admin',
    permission: 'site:read',
  }),
  'sites.create': route({
    method: 'POST',
    path: '/site',
    context: 'sites',
    action: 'create',
    auth: 'admin',
    permission: 'site:write',
  }),
  'sites.export': route({
    method: 'GET',
    path: '/site/export',
    context: 'sites',
    action: 'export',
    auth: 'admin',
    permission: 'site:read',
  }),
  'sites.limits': route({
    method: 'GET',
    path: '/site/limits',
    context: 'sites',
    action: 'limits',
    auth: 'admin',
    permission: 'site:read',
  }),
  'sites.get': route({
    method: 'GET',
    path: '/site/{id}',
    context: 'sites',
    action: 'get',
    auth: 'admin',
    permission: 'site:read',
  }),
  'sites.update': route({
    method: 'PUT',
    path: '/site/{id}',
    context: 'sites',
    action: 'update',
    auth: 'admin',
    permission: 'site:write',
  }),
  'sites.remove': route({
    method: 'DELETE',
    path: '/site/{id}',
    context: 'sites',
    action: 'remove',
    auth: 'admin',
    permission: 'site:write',
  }),
  'sites.status': route({
    method: 'POST',
    path: '/site/{id}/status',
    context: 'sites',
    action: 'status',
    auth: 'admin',
    permission: 'site:publish',
  }),

  // Site uploads: presigned uploads checked by the server before they may be attached, and the
  // ZIP bulk upload of creatives (SPEC §7, §9; docs/decisions.md "Site uploads")
  'sites.uploadUrls': route({
    method: 'POST',
    path: '/site/generate-urls',
    context: 'sites',
    action: 'uploadUrls',
    auth: 'admin',
    permission: 'site:write',
  }),
  'sites.logoUrl': route({
    method: 'POST',
    path: '/site/generate-logo-url',
    context: 'sites',
    action: 'logoUrl',
    auth: 'admin',
    permission: 'site:write',
  }),
  'sites.confirmUpload': route({
    method: 'POST',
    path: '/site/confirm-upload',
    context: 'sites',
    action: 'confirmUpload',
    auth: 'admin',
    permission: 'site:write',
  }),
  'sites.bulkStart': route({
    method: 'POST',
    path: '/site/bulk-upload/start',
    context: 'sites',
    action: 'bulkStart',
    auth: 'admin',
    permission: 'site:write',
  }),
  'sites.bulkComplete': route({
    method: 'POST',
    path: '/site/bulk-upload/complete',
    context: 'sites',
    action: 'bulkComplete',
    auth: 'admin',
    permission: 'site:write',
  }),
  'sites.bulkAbort': route({
    method: 'POST',
    path: '/site/bulk-upload/abort',
    context: 'sites',
    action: 'bulkAbort',
    auth: 'admin',
    permission: 'site:write',
  }),
  'sites.bulkStatus': route({
    method: 'GET',
    path: '/site/bulk-upload/{jobId}',
    context: 'sites',
    action: 'bulkStatus',
    auth: 'admin',
    permission: 'site:write',
  }),

  // End user: what a published site's pages read (SPEC §7 End user; docs/decisions.md "End-user
  // Preview and sharing (SPEC §7 Preview; docs/decisions.md "Preview and sharing"). `preview`
  // routes take a preview token of the path's site, the owner's admin token, or (shares that are
  // not private) the share password in the `password` header.
  'preview.site': route({
    method: 'GET',
    path: '/preview/site/{siteId}',
    context: 'preview',
    action: 'site',
    auth: 'preview',
  }),
  'preview.seo': route({
    method: 'GET',
    path: '/preview/site/{siteId}/seo',
    context: 'preview',
    action: 'seo',
    auth: 'preview',
  }),
  'preview.page': route({
    method: 'GET',
    path: '/preview/site/{siteId}/page/{pageId}',
    context: 'preview',
    action: 'page',
    auth: 'preview',
  }),
  'preview.product': route({
    method: 'GET',
    path: '/preview/site/{siteId}/page/{pageId}/product',
    context: 'preview',
    action: 'product',
    auth: 'preview',
  }),
  'preview.company': route({
    method: 'GET',
    path: '/preview/site/{siteId}/company',
    context: 'preview',
    action: 'company',
    auth: 'preview',
  }),
  'preview.login': route({
    method: 'POST',
    path: '/preview/site/{siteId}/login',
    context: 'preview',
    action: 'login',
    auth: 'public',
  }),
  'preview.views': route({
    method: 'POST',
    path: '/preview/site/{siteId}/views',
    context: 'preview',
    action: 'views',
    auth: 'preview',
  }),
  'preview.comments': route({
    method: 'GET',
    path: '/preview/site/{siteId}/comments',
    context: 'preview',
    action: 'comments',
    auth: 'preview',
  }),
  'preview.commentCreate': route({
    method: 'POST',
    path: '/preview/site/{siteId}/comments',
    context: 'preview',
    action: 'commentCreate',
    auth: 'preview',
  }),
  'preview.commentUpdate': route({
    method: 'PUT',
    path: '/preview/site/{siteId}/comments/{commentId}',
    context: 'preview',
    action: 'commentUpdate',
    auth: 'admin',
    permission: 'site:write',
  }),
  'preview.shareInvite': route({
    method: 'POST',
    path: '/preview/site/{siteId}/share',
    context: 'preview',
    action: 'shareInvite',
    auth: 'admin',
    permission: 'site:write',
  }),
  'preview.shareList': route({
    method: 'GET',
    path: '/preview/site/{siteId}/share',
    context: 'preview',
    action: 'shareList',
    auth: 'admin',
    permission: 'site:read',
  }),
  'preview.shareRevoke': route({
    method: 'PUT',
    path: '/preview/site/{siteId}/share/revoke',
    context: 'preview',
    action: 'shareRevoke',
    auth: 'admin',
    permission: 'site:write',
  }),
  'preview.shareStatus': route({
    method: 'GET',
    path: '/preview/site/{siteId}/share/status',
    context: 'preview',
    action: 'shareStatus',
    auth: 'admin',
    permission: 'site:read',
  }),
  'preview.setPassword': route({
    method: 'POST',
    path: '/preview/site/{siteId}/share/set-password',
    context: 'preview',
    action: 'setPassword',
    auth: 'admin',
    permission: 'site:write',
  }),

  // read API"). Public: only published sites exist here; members-only content stays locked.
  'endUser.site': route({
    method: 'GET',
    path: '/end-user/site/{siteId}',
    context: 'endUser',
    action: 'site',
    auth: 'public',
  }),
  'endUser.seo': route({
    method: 'GET',
    path: '/end-user/site/{siteId}/seo',
    context: 'endUser',
    action: 'seo',
    auth: 'public',
  }),
  'endUser.common': route({
    method: 'GET',
    path: '/end-user/common/{siteId}',
    context: 'endUser',
    action: 'common',
    auth: 'public',
  }),
  'endUser.company': route({
    method: 'GET',
    path: '/end-user/common/{siteId}/company',
    context: 'endUser',
    action: 'company',
    auth: 'public',
  }),
  'endUser.scripts': route({
    method: 'GET',
    path: '/end-user/common/{siteId}/scripts',
    context: 'endUser',
    action: 'scripts',
    auth: 'public',
  }),
  'endUser.page': route({
    method: 'GET',
    path: '/end-user/site/{siteId}/page/{pageId}/public',
    context: 'endUser',
    action: 'page',
    auth: 'public',
  }),
  'endUser.product': route({
    method: 'GET',
    path: '/end-user/site/{siteId}/product/public',
    context: 'endUser',
    action: 'product',
    auth: 'public',
  }),
  'endUser.resolve': route({
    method: 'GET',
    path: '/end-user/site',
    context: 'endUser',
    action: 'resolve',
    auth: 'public',
  }),
  'endUser.ctas': route({
    method: 'GET',
    path: '/end-user/site/{siteId}/cta',
    context: 'endUser',
    action: 'ctas',
    auth: 'public',
  }),
  'endUser.ctaClick': route({
    method: 'POST',
    path: '/end-user/site/{siteId}/cta/{ctaIndex}/click',
    context: 'endUser',
    action: 'ctaClick',
    auth: 'public',
  }),

  // Visitor forms and members (SPEC §7 End user; docs/decisions.md "Visitor forms and members").
  // Every POST is rate-limited per client and per site, honeypot-guarded and size-limited.
  'endUser.contactSetting': route({
    method: 'GET',
    path: '/end-user/site/{siteId}/contact-setting',
    context: 'endUser',
    action: 'contactSetting',
    auth: 'public',
  }),
  'endUser.membershipSetting': route({
    method: 'GET',
    path: '/end-user/site/{siteId}/membership-setting',
    context: 'endUser',
    action: 'membershipSetting',
    auth: 'public',
  }),
  'endUser.homepageSetting': route({
    method: 'GET',
    path: '/end-user/site/{siteId}/homepage-setting',
    context: 'endUser',
    action: 'homepageSetting',
    auth: 'public',
  }),
  'endUser.register': route({
    method: 'POST',
    path: '/end-user/site/{siteId}/register',
    context: 'endUser',
    action: 'register',
    auth: 'public',
  }),
  'endUser.registerConfirm': route({
    method: 'POST',
    path: '/end-user/site/{siteId}/register/confirm',
    context: 'endUser',
    action: 'registerConfirm',
    auth: 'public',
  }),
  'endUser.resendRegisterEmail': route({
    method: 'POST',
    path: '/end-user/site/{siteId}/resend-register-email',
    context: 'endUser',
    action: 'resendRegisterEmail',
    auth: 'public',
  }),
  'endUser.login': route({
    method: 'POST',
    path: '/end-user/site/{siteId}/login',
    context: 'endUser',
    action: 'login',
    auth: 'public',
  }),
  'endUser.logout': route({
    method: 'POST',
    path: '/end-user/site/{siteId}/logout',
    context: 'endUser',
    action: 'logout',
    auth: 'public',
  }),
  'endUser.pagePrivate': route({
    method: 'GET',
    path: '/end-user/site/{siteId}/page/{pageId}/private',
    context: 'endUser',
    action: 'pagePrivate',
    auth: 'endUser',
  }),
  'endUser.productPrivate': route({
    method: 'GET',
    path: '/end-user/site/{siteId}/product/private',
    context: 'endUser',
    action: 'productPrivate',
    auth: 'endUser',
  }),
  'endUser.contact': route({
    method: 'POST',
    path: '/end-user/site/{siteId}/contact',
    context: 'endUser',
    action: 'contact',
    auth: 'public',
  }),
  'endUser.homepage': route({
    method: 'POST',
    path: '/end-user/site/{siteId}/homepage',
    context: 'endUser',
    action: 'homepage',
    auth: 'public',
  }),

  // Submissions: the creator's lists of what visitors left on a site (SPEC §7 Members, contacts,
  // forms; docs/decisions.md "Member, contact and form lists"). `{id}` is the site.
  'submissions.members': route({
    method: 'GET',
    path: '/site-member/{id}',
    context: 'submissions',
    action: 'members',
    auth: 'admin',
    permission: 'submission:read',
  }),
  'submissions.membersCsv': route({
    method: 'GET',
    path: '/site-member/{id}/export-csv',
    context: 'submissions',
    action: 'membersCsv',
    auth: 'admin',
    permission: 'submission:read',
  }),
  'submissions.contacts': route({
    method: 'GET',
    path: '/site-contact/{id}',
    context: 'submissions',
    action: 'contacts',
    auth: 'admin',
    permission: 'submission:read',
  }),
  'submissions.contactsCsv': route({
    method: 'GET',
    path: '/site-contact/{id}/export-csv',
    context: 'submissions',
    action: 'contactsCsv',
    auth: 'admin',
    permission: 'submission:read',
  }),
  'submissions.forms': route({
    method: 'GET',
    path: '/site-form/{id}',
    context: 'submissions',
    action: 'forms',
    auth: 'admin',
    permission: 'submission:read',
  }),
  'submissions.formsCsv': route({
    method: 'GET',
    path: '/site-form/{id}/export-csv',
    context: 'submissions',
    action: 'formsCsv',
    auth: 'admin',
    permission: 'submission:read',
  }),

  // Analytics: visitors' beacons (ARCHITECTURE decision 7; docs/decisions.md "Analytics collection")
  'analytics.collect': route({
    method: 'POST',
    path: '/analytics/events',
    context: 'analytics',
    action: 'collect',
    auth: 'public',
  }),

  // API documentation (issue 13): the contract as OpenAPI 3.1
  'apiAccess.openapi': route({
    method: 'GET',
    path: '/openapi.json',
    context: 'apiAccess',
    action: 'openapi',
    auth: 'public',
  }),
} as const satisfies Record<string, RouteDef>

export type RouteId = keyof typeof routes

export const routeList = (): Array<RouteDef & { id: RouteId }> =>
  (Object.entries(routes) as Array<[RouteId, RouteDef]>).map(([id, def]) => ({ ...def, id }))

/** Contexts that have at least one route, i.e. the Lambdas to deploy. */
export const deployedContexts = (): Context[] => [...new Set(routeList().map((r) => r.context))]

/**
 * Contexts whose routes published sites call from their own origin. On AWS the sites
 * distribution serves the API under every site's origin (same-origin); locally the gateway allows
 * the site origins by CORS on these routes only.
 */
export const VISITOR_CONTEXTS: readonly Context[] = ['endUser', 'analytics']

/** `GET /api/v1/site/{id}`: the API Gateway route key of a route. */
export const routeKey = (def: RouteDef): string => `${def.method} ${API_BASE_PATH}${def.path}`
