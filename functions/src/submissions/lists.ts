import type { RouteDef } from '@swipe/shared/contract/routes'
import type { submissionsRoutes } from '@swipe/shared/contract/submissions'
import type { SubmissionKind } from '#data/submissions'
import { endpoint, ok } from '#edge/http'
import { adminOf } from '#edge/tenancy'
import { logger } from '#platform/services/logger'
import { membersCsv, submissionsCsv } from './csv.ts'
import { allMembers, allSubmissions, listMembers, listSubmissions, siteForList } from './service.ts'

/**
 * The six list routes share their shape: the site is loaded through the tenant-scoped accessor
 * with the route's own policy action (another tenant's site is 404), then one page or every row.
 */

type Routes = typeof submissionsRoutes

const permissionOf = (route: RouteDef) => {
  if (!route.permission) throw new Error(`${route.action} has no policy action`)
  return route.permission
}

/** A bulk read of visitors' personal data leaves a trace: who, which site, how many rows (no row content). */
const auditExport = (list: string, accountId: string, siteId: string, rows: number) =>
  logger.info('Visitor data exported', { list, accountId, siteId, rows })

/** GET /site-member/{id} */
export const membersPage = (route: Routes['submissions.members']) =>
  endpoint(route, async ({ actor, params, query }) => {
    const site = await siteForList(actor, params.id, permissionOf(route))
    return ok({ site, ...(await listMembers(site.id, query)) })
  })

/** GET /site-member/{id}/export-csv */
export const membersExport = (route: Routes['submissions.membersCsv']) =>
  endpoint(route, async ({ actor, params, query, locale }) => {
    const site = await siteForList(actor, params.id, permissionOf(route))
    const rows = await allMembers(site.id, query)
    auditExport('members', adminOf(actor).accountId, site.id, rows.length)
    return membersCsv(rows, locale)
  })

/** GET /site-contact/{id} and /site-form/{id} */
export const submissionsPage = (
  route: Routes['submissions.contacts'] | Routes['submissions.forms'],
  kind: SubmissionKind,
) =>
  endpoint(route, async ({ actor, params, query }) => {
    const site = await siteForList(actor, params.id, permissionOf(route))
    return ok({ site, ...(await listSubmissions(site.id, kind, query)) })
  })

/** GET /site-contact/{id}/export-csv and /site-form/{id}/export-csv */
export const submissionsExport = (
  route: Routes['submissions.contactsCsv'] | Routes['submissions.formsCsv'],
  kind: SubmissionKind,
) =>
  endpoint(route, async ({ actor, params, query, locale }) => {
    const site = await siteForList(actor, params.id, permissionOf(route))
    const rows = await allSubmissions(site.id, kind, query)
    auditExport(kind === 'contact' ? 'contacts' : 'forms', adminOf(actor).accountId, site.id, rows.length)
    return submissionsCsv(kind, rows, locale)
  })
