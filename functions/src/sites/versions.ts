import { sitesRoutes } from '@swipe/shared/contract/sites'
import { endpoint, ok } from '#edge/http'
import { sitesFor } from '#edge/tenancy'
import { servedRelease } from '../publishing/publish.ts'
import { versionsPage } from '../publishing/versions.ts'

/**
 * GET /site/{id}/versions?cursor= (issue 33): the site's published versions, newest first, 20 a
 * page, each with who, when, what changed, whether it is live and whether it can be returned to.
 */
export const handler = endpoint(sitesRoutes['sites.versions'], async ({ actor, params, query }) => {
  const site = await sitesFor(actor).get(params.id, 'site:read')
  return ok(await versionsPage(site, servedRelease(site), query.cursor))
})
