import { sitesRoutes } from '@swipe/shared/contract/sites'
import { armLabel } from '@swipe/shared/experiments/model'
import { countsOf, experimentView } from '#domain/experiment-results'
import { endpoint, ok } from '#edge/http'
import { sitesFor } from '#edge/tenancy'
import { now as clockNow } from '#platform/services/clock'
import { requireApprovalRight } from './approval.ts'
import { experimentOf, promoteArm } from './experiment-service.ts'
import { authorOf } from './service.ts'

/**
 * POST /site/{id}/experiments/{experimentId}/promote (issue 34): makes an arm the live page by
 * moving the live pointer (no render, no media copy) and ends the test, on the editor's site
 * version (409 otherwise). Putting content live: the publish permission, and under approval the
 * approvers' right.
 */
export const handler = endpoint(
  sitesRoutes['sites.experimentPromote'],
  async ({ actor, params, body, t }) => {
    const site = await sitesFor(actor).get(params.id, 'site:publish')
    await requireApprovalRight(actor, site)
    const experiment = await experimentOf(site.siteId, params.experimentId)
    const done = await promoteArm(experiment, body.arm, {
      expectVersion: body.version,
      author: authorOf(actor),
      now: clockNow(),
    })
    return ok({
      message: t('experiment.promoted', { variant: armLabel(body.arm) }),
      version: done.version,
      ...experimentView(done.experiment, await countsOf(experiment.experimentId), t),
    })
  },
)
