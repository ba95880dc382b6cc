import { sitesRoutes } from '@swipe/shared/contract/sites'
import { endpoint, ok } from '#edge/http'
import { sitesFor } from '#edge/tenancy'
import { rollbackSite } from '../publishing/rollback.ts'
import { requireApprovalRight } from './approval.ts'
import { authorOf } from './service.ts'

/**
 * POST /site/{id}/versions/{versionId}/rollback (issue 33): the live site returns to an earlier
 * version at once, on the version the editor saw (409 when another change was saved first). The
 * caller needs the publish permission, as for a publish.
 */
export const handler = endpoint(sitesRoutes['sites.rollback'], async ({ actor, params, body, t }) => {
  const site = await sitesFor(actor).get(params.id, 'site:publish')
  // Rolling back puts content live: under approval, the approvers' (issue 33 part 4).
  await requireApprovalRight(actor, site)
  const done = await rollbackSite(site.siteId, params.versionId, {
    expectVersion: body.version,
    author: authorOf(actor),
  })
  return ok({ message: t('version.rolledBack'), ...done })
})
