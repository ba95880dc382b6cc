import { sitesRoutes } from '@swipe/shared/contract/sites'
import { countsOf, experimentView } from '#domain/experiment-results'
import { endpoint, ok } from '#edge/http'
import { sitesFor } from '#edge/tenancy'
import { experimentsOf, requireExperiments } from './experiment-service.ts'

/**
 * GET /site/{id}/experiments (issue 34): the site's A/B tests, newest first, each with its arms'
 * counts and the verdict. Experiments follow the plan's analytics flag (403 `plan.noAnalytics`).
 */
export const handler = endpoint(sitesRoutes['sites.experiments'], async ({ actor, params, t }) => {
  const site = await sitesFor(actor).get(params.id, 'site:read')
  await requireExperiments(site)
  const experiments = await experimentsOf(site.siteId)
  const items = await Promise.all(
    experiments.map(async (experiment) =>
      experimentView(experiment, await countsOf(experiment.experimentId), t),
    ),
  )
  return ok({ items })
})
