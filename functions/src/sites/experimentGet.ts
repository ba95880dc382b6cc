import { sitesRoutes } from '@swipe/shared/contract/sites'
import { countsOf, experimentDetail } from '#domain/experiment-results'
import { endpoint, ok } from '#edge/http'
import { sitesFor } from '#edge/tenancy'
import { experimentOf, requireExperiments } from './experiment-service.ts'

/**
 * GET /site/{id}/experiments/{experimentId} (issue 34): one A/B test with its daily series — each
 * arm's cumulative counts and, for each variant, its always-valid interval at the end of each day.
 */
export const handler = endpoint(sitesRoutes['sites.experimentGet'], async ({ actor, params, t }) => {
  const site = await sitesFor(actor).get(params.id, 'site:read')
  await requireExperiments(site)
  const experiment = await experimentOf(site.siteId, params.experimentId)
  return ok(experimentDetail(experiment, await countsOf(experiment.experimentId), t))
})
