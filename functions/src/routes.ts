/**
 * The one route table (ARCHITECTURE decision 1). The CDK API stack builds API Gateway routes
 * from it, the local gateway dispatches from it, and each handler module reads its own entry
 * (auth kind) from it. A route's handler lives at `functions/src/<context>/<action>.ts` and is
 * wired into the context's Lambda at `functions/src/<context>/index.ts`.
 */
import type { Action } from '@swipe/shared'

export const API_BASE_PATH = '/api/v1'

/** How a caller proves who it is. Every kind but `public` gets an authorizer on AWS. */
export type AuthKind = 'public' | 'admin' | 'endUser' | 'preview' | 'apiKey'

/** Bounded contexts: one Lambda each. */
export const CONTEXTS = [
  'health',
  'auth',
  'accounts',
  'sites',
  'uploads',
  'preview',
  'endUser',
  'submissions',
  'billing',
  'analytics',
  'content',
  'apiAccess',
] as const
export type Context = (typeof CONTEXTS)[number]

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export interface RouteDef {
  method: HttpMethod
  /** Path below API_BASE_PATH, API Gateway style: `/site/{id}`. */
  path: string
  context: Context
  action: string
  auth: AuthKind
  /** For admin routes: the policy action the caller must be allowed (docs/permissions.md). */
  permission?: Action
  summary: string
}

const route = <const R extends RouteDef>(def: R): R => def

export const routes = {
  'health.get': route({
    method: 'GET',
    path: '/health',
    context: 'health',
    action: 'get',
    auth: 'public',
    summary: 'Liveness: the API answers; no dependency is called.',
  }),
  'health.ready': route({
    method: 'GET',
    path: '/health/ready',
    context: 'health',
    action: 'ready',
    auth: 'public',
    summary:
      'Readiness: each dependency (table, buckets, user pools, mail), one round per 10 s at most; 503 when one is down.',
  }),

  // Auth (SPEC §7)
  'auth.login': route({
    method: 'POST',
    path: '/auth/login',
    context: 'auth',
    action: 'login',
    auth: 'public',
    summary: 'Login ID + password -> tokens and user info, or the NEW_PASSWORD_REQUIRED challenge.',
  }),
  'auth.completeNewPassword': route({
    method: 'POST',
    path: '/auth/complete-new-password',
    context: 'auth',
    action: 'completeNewPassword',
    auth: 'public',
    summary: 'First sign-in with a temporary password: set the new password, get tokens.',
  }),
  'auth.refreshToken': route({
    method: 'POST',
    path: '/auth/refresh-token',
    context: 'auth',
    action: 'refreshToken',
    auth: 'public',
    summary: 'Refresh token -> new access token (refused once revoked or when the account is not active).',
  }),
  'auth.userInfo': route({
    method: 'GET',
    path: '/auth/user-info',
    context: 'auth',
    action: 'userInfo',
    auth: 'admin',
    permission: 'self:read',
    summary: 'The signed-in account: type, segment, menu areas, branding.',
  }),
  'auth.forgotPassword': route({
    method: 'POST',
    path: '/auth/forgot-password',
    context: 'auth',
    action: 'forgotPassword',
    auth: 'public',
    summary: 'Mails a reset link when the account exists; answers the same either way.',
  }),
  'auth.verifyToken': route({
    method: 'POST',
    path: '/auth/verify-token',
    context: 'auth',
    action: 'verifyToken',
    auth: 'public',
    summary: 'Checks a reset link before the new-password form is shown.',
  }),
  'auth.resetPassword': route({
    method: 'POST',
    path: '/auth/reset-password',
    context: 'auth',
    action: 'resetPassword',
    auth: 'public',
    summary: 'Reset link token + new password.',
  }),
  'auth.changePassword': route({
    method: 'POST',
    path: '/auth/change-password',
    context: 'auth',
    action: 'changePassword',
    auth: 'admin',
    permission: 'self:update',
    summary: 'Current + new password of the signed-in account.',
  }),
  'auth.logout': route({
    method: 'POST',
    path: '/auth/logout',
    context: 'auth',
    action: 'logout',
    auth: 'admin',
    permission: 'self:read',
    summary: 'Revokes the refresh token.',
  }),

  // Accounts: one scoped set of user endpoints for every console (docs/decisions.md)
  'accounts.list': route({
    method: 'GET',
    path: '/users',
    context: 'accounts',
    action: 'list',
    auth: 'admin',
    permission: 'account:read',
    summary: "Users in the caller's scope: search, filter by status, type, plan, parent; cursor pages.",
  }),
  'accounts.get': route({
    method: 'GET',
    path: '/users/{id}',
    context: 'accounts',
    action: 'get',
    auth: 'admin',
    permission: 'account:read',
    summary: "A user's profile and contract history, inside the caller's scope only.",
  }),
  'accounts.create': route({
    method: 'POST',
    path: '/users',
    context: 'accounts',
    action: 'create',
    auth: 'admin',
    permission: 'account:create',
    summary: 'Creates a user under a parent in scope and mails a temporary password.',
  }),
  'accounts.update': route({
    method: 'PUT',
    path: '/users/{id}',
    context: 'accounts',
    action: 'update',
    auth: 'admin',
    permission: 'account:update',
    summary: 'Updates a user (optimistic lock on version; terminated accounts are read-only).',
  }),
  'accounts.contract': route({
    method: 'POST',
    path: '/users/{id}/contract',
    context: 'accounts',
    action: 'contract',
    auth: 'admin',
    permission: 'account:contract',
    summary: 'Suspend, resume or terminate a contract; writes a history row.',
  }),
  'accounts.remove': route({
    method: 'DELETE',
    path: '/users/{id}',
    context: 'accounts',
    action: 'remove',
    auth: 'admin',
    permission: 'account:delete',
    summary: 'Deletes a user without users under it.',
  }),

  // Admin settings: the caller's own sub-admins
  'accounts.listSubAdmins': route({
    method: 'GET',
    path: '/sub-admins',
    context: 'accounts',
    action: 'listSubAdmins',
    auth: 'admin',
    permission: 'subAdmin:manage',
    summary: "The caller's sub-admins.",
  }),
  'accounts.createSubAdmin': route({
    method: 'POST',
    path: '/sub-admins',
    context: 'accounts',
    action: 'createSubAdmin',
    auth: 'admin',
    permission: 'subAdmin:manage',
    summary: 'Adds a sub-admin (name, email, role, authority) and mails a temporary password.',
  }),
  'accounts.updateSubAdmin': route({
    method: 'PUT',
    path: '/sub-admins/{id}',
    context: 'accounts',
    action: 'updateSubAdmin',
    auth: 'admin',
    permission: 'subAdmin:manage',
    summary: "Changes a sub-admin's name, role and authority (optimistic lock).",
  }),
  'accounts.removeSubAdmin': route({
    method: 'DELETE',
    path: '/sub-admins/{id}',
    context: 'accounts',
    action: 'removeSubAdmin',
    auth: 'admin',
    permission: 'subAdmin:manage',
    summary: 'Deletes a sub-admin.',
  }),

  // CSV, profile picture, summary
  'accounts.export': route({
    method: 'GET',
    path: '/users/export',
    context: 'accounts',
    action: 'export',
    auth: 'admin',
    permission: 'account:read',
    summary: 'CSV of the user list (UTF-8 BOM, formula cells neutralised).',
  }),
  'accounts.importUploadUrl': route({
    method: 'POST',
    path: '/users/import/upload-url',
    context: 'accounts',
    action: 'importUploadUrl',
    auth: 'admin',
    permission: 'account:create',
    summary: 'Presigned upload of a CSV (CSV only, 5 MB at most).',
  }),
  'accounts.importPreview': route({
    method: 'POST',
    path: '/users/import/preview',
    context: 'accounts',
    action: 'importPreview',
    auth: 'admin',
    permission: 'account:create',
    summary: 'Validates every row of an uploaded CSV; errors by row and column; nothing written.',
  }),
  'accounts.importCommit': route({
    method: 'POST',
    path: '/users/import',
    context: 'accounts',
    action: 'importCommit',
    auth: 'admin',
    permission: 'account:create',
    summary: 'Imports an uploaded CSV all-or-nothing; existing emails are reported, not duplicated.',
  }),
  'accounts.logoUploadUrl': route({
    method: 'POST',
    path: '/profile/logo/upload-url',
    context: 'accounts',
    action: 'logoUploadUrl',
    auth: 'admin',
    permission: 'self:update',
    summary: 'Presigned upload of a profile picture (PNG or JPEG, 2 MB).',
  }),
  'accounts.logoConfirm': route({
    method: 'PUT',
    path: '/profile/logo',
    context: 'accounts',
    action: 'logoConfirm',
    auth: 'admin',
    permission: 'self:update',
    summary: 'Checks the uploaded picture (size, type, bytes) and attaches it.',
  }),
  'accounts.logoRemove': route({
    method: 'DELETE',
    path: '/profile/logo',
    context: 'accounts',
    action: 'logoRemove',
    auth: 'admin',
    permission: 'self:update',
    summary: 'Removes the profile picture.',
  }),
  'accounts.summary': route({
    method: 'GET',
    path: '/summary',
    context: 'accounts',
    action: 'summary',
    auth: 'admin',
    permission: 'summary:read',
    summary: 'The counts the caller may see: users and sites by status.',
  }),

  // Sites: the site builder (SPEC §7 Sites; docs/decisions.md "Site builder")
  'sites.list': route({
    method: 'GET',
    path: '/site',
    context: 'sites',
    action: 'list',
    auth: 'admin',
    permission: 'site:read',
    summary: "Sites in the caller's scope, newest first: filter by name, status, owner; cursor pages.",
  }),
  'sites.create': route({
    method: 'POST',
    path: '/site',
    context: 'sites',
    action: 'create',
    auth: 'admin',
    permission: 'site:write',
    summary: "Creates a draft site (name, grid, languages) owned by the caller's account.",
  }),
  'sites.export': route({
    method: 'GET',
    path: '/site/export',
    context: 'sites',
    action: 'export',
    auth: 'admin',
    permission: 'site:read',
    summary: 'CSV of the site list (UTF-8 BOM, formula cells neutralised).',
  }),
  'sites.limits': route({
    method: 'GET',
    path: '/site/limits',
    context: 'sites',
    action: 'limits',
    auth: 'admin',
    permission: 'site:read',
    summary: "The plan the caller's sites are built under (limits, features) and the sites used.",
  }),
  'sites.get': route({
    method: 'GET',
    path: '/site/{id}',
    context: 'sites',
    action: 'get',
    auth: 'admin',
    permission: 'site:read',
    summary: 'The whole site: global setting, menus, creatives, other settings, version.',
  }),
  'sites.update': route({
    method: 'PUT',
    path: '/site/{id}',
    context: 'sites',
    action: 'update',
    auth: 'admin',
    permission: 'site:write',
    summary: 'Saves the editor (one transaction, optimistic lock on version; grid change clears creatives).',
  }),
  'sites.remove': route({
    method: 'DELETE',
    path: '/site/{id}',
    context: 'sites',
    action: 'remove',
    auth: 'admin',
    permission: 'site:write',
    summary: 'Deletes a site and all its items (optimistic lock on version).',
  }),
  'sites.status': route({
    method: 'POST',
    path: '/site/{id}/status',
    context: 'sites',
    action: 'status',
    auth: 'admin',
    permission: 'site:publish',
    summary: 'Save draft, publish as public or as private: records status and published date.',
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
    summary: 'Presigned uploads for 1–20 creative, product or CTA files (images and videos, 30 MB).',
  }),
  'sites.logoUrl': route({
    method: 'POST',
    path: '/site/generate-logo-url',
    context: 'sites',
    action: 'logoUrl',
    auth: 'admin',
    permission: 'site:write',
    summary: "Presigned upload of the site's logo or favicon (images, 5 MB).",
  }),
  'sites.confirmUpload': route({
    method: 'POST',
    path: '/site/confirm-upload',
    context: 'sites',
    action: 'confirmUpload',
    auth: 'admin',
    permission: 'site:write',
    summary: 'Checks an uploaded file (size, type, first bytes) and records it as attachable to the site.',
  }),
  'sites.bulkStart': route({
    method: 'POST',
    path: '/site/bulk-upload/start',
    context: 'sites',
    action: 'bulkStart',
    auth: 'admin',
    permission: 'site:write',
    summary: 'Starts a multipart upload of a ZIP of creatives (1 GB) and presigns its parts.',
  }),
  'sites.bulkComplete': route({
    method: 'POST',
    path: '/site/bulk-upload/complete',
    context: 'sites',
    action: 'bulkComplete',
    auth: 'admin',
    permission: 'site:write',
    summary: 'Completes the ZIP upload and starts placing its files in the creatives (202, a job to poll).',
  }),
  'sites.bulkAbort': route({
    method: 'POST',
    path: '/site/bulk-upload/abort',
    context: 'sites',
    action: 'bulkAbort',
    auth: 'admin',
    permission: 'site:write',
    summary: 'Abandons a ZIP upload that was started.',
  }),
  'sites.bulkStatus': route({
    method: 'GET',
    path: '/site/bulk-upload/{jobId}',
    context: 'sites',
    action: 'bulkStatus',
    auth: 'admin',
    permission: 'site:write',
    summary: 'Progress and per-file report of a ZIP placement; the site once it is done.',
  }),

  // End user: what a published site's pages read (SPEC §7 End user; docs/decisions.md "End-user
  // read API"). Public: only published sites exist here; members-only content stays locked.
  'endUser.site': route({
    method: 'GET',
    path: '/end-user/site/{siteId}',
    context: 'endUser',
    action: 'site',
    auth: 'public',
    summary:
      'A published site for visitors: languages, grid, colours, switches, logo, menu and creatives of a language.',
  }),
  'endUser.seo': route({
    method: 'GET',
    path: '/end-user/site/{siteId}/seo',
    context: 'endUser',
    action: 'seo',
    auth: 'public',
    summary: "Title, h1 and description of a published site's language.",
  }),
  'endUser.common': route({
    method: 'GET',
    path: '/end-user/common/{siteId}',
    context: 'endUser',
    action: 'common',
    auth: 'public',
    summary: 'The site frame of a language: language list, SNS links, global menu.',
  }),
  'endUser.company': route({
    method: 'GET',
    path: '/end-user/common/{siteId}/company',
    context: 'endUser',
    action: 'company',
    auth: 'public',
    summary: 'Company profile and the four legal texts (tabs 0–3) of a language, as plain strings.',
  }),
  'endUser.scripts': route({
    method: 'GET',
    path: '/end-user/common/{siteId}/scripts',
    context: 'endUser',
    action: 'scripts',
    auth: 'public',
    summary: "The creator's head and body tags of a language (validated at save and again on read).",
  }),
  'endUser.page': route({
    method: 'GET',
    path: '/end-user/site/{siteId}/page/{pageId}/public',
    context: 'endUser',
    action: 'page',
    auth: 'public',
    summary: 'One creative by page order or cell; members-only ones are 403 endUser.membersOnly.',
  }),
  'endUser.product': route({
    method: 'GET',
    path: '/end-user/site/{siteId}/product/public',
    context: 'endUser',
    action: 'product',
    auth: 'public',
    summary: 'The products placed on one creative (position, lang); members-only ones are 403.',
  }),
  'endUser.resolve': route({
    method: 'GET',
    path: '/end-user/site',
    context: 'endUser',
    action: 'resolve',
    auth: 'public',
    summary:
      'Which published site and language a host and path open (default or custom domain, /sites/{id}).',
  }),
  'endUser.ctas': route({
    method: 'GET',
    path: '/end-user/site/{siteId}/cta',
    context: 'endUser',
    action: 'ctas',
    auth: 'public',
    summary: 'Popup CTAs not yet ended, with live slots left, activity and countdown (never cached).',
  }),
  'endUser.ctaClick': route({
    method: 'POST',
    path: '/end-user/site/{siteId}/cta/{ctaIndex}/click',
    context: 'endUser',
    action: 'ctaClick',
    auth: 'public',
    summary: 'Counts a click on a popup CTA atomically; past an applicant limit 409 endUser.ctaFull.',
  }),

  // Visitor forms and members (SPEC §7 End user; docs/decisions.md "Visitor forms and members").
  // Every POST is rate-limited per client and per site, honeypot-guarded and size-limited.
  'endUser.contactSetting': route({
    method: 'GET',
    path: '/end-user/site/{siteId}/contact-setting',
    context: 'endUser',
    action: 'contactSetting',
    auth: 'public',
    summary:
      'The contact form of a language as the page renders it (fields, agreement); never its recipient.',
  }),
  'endUser.membershipSetting': route({
    method: 'GET',
    path: '/end-user/site/{siteId}/membership-setting',
    context: 'endUser',
    action: 'membershipSetting',
    auth: 'public',
    summary: 'The membership (sign-up) form of a language as the page renders it.',
  }),
  'endUser.homepageSetting': route({
    method: 'GET',
    path: '/end-user/site/{siteId}/homepage-setting',
    context: 'endUser',
    action: 'homepageSetting',
    auth: 'public',
    summary: 'The homepage ("other") form of a language as the page renders it.',
  }),
  'endUser.register': route({
    method: 'POST',
    path: '/end-user/site/{siteId}/register',
    context: 'endUser',
    action: 'register',
    auth: 'public',
    summary: 'Sign-up: a pending member and a mailed link (24 h); 202 alike for new and existing emails.',
  }),
  'endUser.registerConfirm': route({
    method: 'POST',
    path: '/end-user/site/{siteId}/register/confirm',
    context: 'endUser',
    action: 'registerConfirm',
    auth: 'public',
    summary: "The mailed link's token activates the member; 410 when expired, 404 when unknown or used.",
  }),
  'endUser.resendRegisterEmail': route({
    method: 'POST',
    path: '/end-user/site/{siteId}/resend-register-email',
    context: 'endUser',
    action: 'resendRegisterEmail',
    auth: 'public',
    summary: 'Mails a new sign-up link to a pending member; 202 whatever the email.',
  }),
  'endUser.login': route({
    method: 'POST',
    path: '/end-user/site/{siteId}/login',
    context: 'endUser',
    action: 'login',
    auth: 'public',
    summary:
      "A member's email and password -> the session cookie of this site's own origin; 401 endUser.loginFailed.",
  }),
  'endUser.logout': route({
    method: 'POST',
    path: '/end-user/site/{siteId}/logout',
    context: 'endUser',
    action: 'logout',
    auth: 'public',
    summary: "Ends the member's session in this browser (expires its cookie); 204.",
  }),
  'endUser.pagePrivate': route({
    method: 'GET',
    path: '/end-user/site/{siteId}/page/{pageId}/private',
    context: 'endUser',
    action: 'pagePrivate',
    auth: 'endUser',
    summary: "One creative, members-only ones included, for a member of this site (403 for another site's).",
  }),
  'endUser.productPrivate': route({
    method: 'GET',
    path: '/end-user/site/{siteId}/product/private',
    context: 'endUser',
    action: 'productPrivate',
    auth: 'endUser',
    summary: 'The products of one creative, members-only ones included, for a member of this site.',
  }),
  'endUser.contact': route({
    method: 'POST',
    path: '/end-user/site/{siteId}/contact',
    context: 'endUser',
    action: 'contact',
    auth: 'public',
    summary: 'A contact form submission: stored, then mailed to the recipient of the contact setting; 201.',
  }),
  'endUser.homepage': route({
    method: 'POST',
    path: '/end-user/site/{siteId}/homepage',
    context: 'endUser',
    action: 'homepage',
    auth: 'public',
    summary:
      'A homepage form submission (optional mode): stored, mailed to the contact recipient if any; 201.',
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
    summary: "A site's members, newest first: filter by email, status and registration days; cursor pages.",
  }),
  'submissions.membersCsv': route({
    method: 'GET',
    path: '/site-member/{id}/export-csv',
    context: 'submissions',
    action: 'membersCsv',
    auth: 'admin',
    permission: 'submission:read',
    summary: 'CSV of the members the filters select (UTF-8 BOM, formula cells neutralised).',
  }),
  'submissions.contacts': route({
    method: 'GET',
    path: '/site-contact/{id}',
    context: 'submissions',
    action: 'contacts',
    auth: 'admin',
    permission: 'submission:read',
    summary: "A site's contact-form submissions, newest first: filter by email and days; cursor pages.",
  }),
  'submissions.contactsCsv': route({
    method: 'GET',
    path: '/site-contact/{id}/export-csv',
    context: 'submissions',
    action: 'contactsCsv',
    auth: 'admin',
    permission: 'submission:read',
    summary: 'CSV of the contact submissions the filters select (UTF-8 BOM, formula cells neutralised).',
  }),
  'submissions.forms': route({
    method: 'GET',
    path: '/site-form/{id}',
    context: 'submissions',
    action: 'forms',
    auth: 'admin',
    permission: 'submission:read',
    summary: "A site's homepage-form submissions, newest first: filter by email and days; cursor pages.",
  }),
  'submissions.formsCsv': route({
    method: 'GET',
    path: '/site-form/{id}/export-csv',
    context: 'submissions',
    action: 'formsCsv',
    auth: 'admin',
    permission: 'submission:read',
    summary:
      'CSV of the homepage-form submissions the filters select (UTF-8 BOM, formula cells neutralised).',
  }),

  // Analytics: visitors' beacons (ARCHITECTURE decision 7; docs/decisions.md "Analytics collection")
  'analytics.collect': route({
    method: 'POST',
    path: '/analytics/events',
    context: 'analytics',
    action: 'collect',
    auth: 'public',
    summary:
      'One event or up to 50 (text/plain or JSON, 16 KB): per-site, per-day (JST) counters by ADD; 204.',
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
