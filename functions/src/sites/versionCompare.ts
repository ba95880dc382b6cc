import { sitesRoutes } from '@swipe/shared/contract/sites'
import { BadRequestError } from '#edge/errors'
import { endpoint, ok } from '#edge/http'
import { sitesFor } from '#edge/tenancy'
import { servedRelease } from '../publishing/publish.ts'
import { compareVersions } from '../publishing/versions.ts'

/**
 * GET /site/{id}/versions/{versionId}/compare?with= (issue 33 Deliver 2): what the version `with`
 * changes against the path's (cells, languages, settings), and the content and media of both, so
 * the editor badges the grid and renders them side by side.
 */
export const handler = endpoint(sitesRoutes['sites.versionCompare'], async ({ actor, params, query }) => {
  const site = await sitesFor(actor).get(params.id, 'site:read')
  if (params.versionId === query.with) throw new BadRequestError('version.compareSame')
  return ok(await compareVersions(site, params.versionId, query.with, servedRelease(site)), 200, {
    'cache-control': 'private, no-store',
  })
})
