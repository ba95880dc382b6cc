import { sitesRoutes } from '@swipe/shared/contract/sites'
import { countsOf, experimentView } from '#domain/experiment-results'
import { BadRequestError } from '#edge/errors'
import { endpoint, ok } from '#edge/http'
import { sitesFor } from '#edge/tenancy'
import { now as clockNow } from '#platform/services/clock'
import { endExperiment, experimentOf } from './experiment-service.ts'

/**
 * POST /site/{id}/experiments/{experimentId}/stop (issue 34): ends a running A/B test, or cancels a
 * scheduled one; every visitor sees the live version from the next request. Its results stay.
 */
export const handler = endpoint(sitesRoutes['sites.experimentStop'], async ({ actor, params, t }) => {
  const site = await sitesFor(actor).get(params.id, 'site:publish')
  const experiment = await experimentOf(site.siteId, params.experimentId)
  if (experiment.state === 'ENDED') throw new BadRequestError('experiment.notOpen')
  const ended = await endExperiment(experiment, 'stopped', clockNow())
  return ok({
    message: t('experiment.stopped'),
    ...experimentView(ended, await countsOf(ended.experimentId), t),
  })
})
