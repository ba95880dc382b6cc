import { sitesRoutes } from '@swipe/shared/contract/sites'
import { experimentView } from '#domain/experiment-results'
import { endpoint, ok } from '#edge/http'
import { sitesFor } from '#edge/tenancy'
import { now as clockNow } from '#platform/services/clock'
import { requireApprovalRight } from './approval.ts'
import { createExperiment, requireExperiments } from './experiment-service.ts'
import { authorOf } from './service.ts'

/**
 * POST /site/{id}/experiments (issue 34): an A/B test between the live version (first) and one to
 * three other versions, starting now or at `startAt`. Showing a variant to visitors puts content
 * live: the caller needs the publish permission and, under approval, the approvers' right.
 */
export const handler = endpoint(sitesRoutes['sites.experimentCreate'], async ({ actor, params, body, t }) => {
  const site = await sitesFor(actor).get(params.id, 'site:publish')
  await requireExperiments(site)
  await requireApprovalRight(actor, site)
  const experiment = await createExperiment(site, body, authorOf(actor), clockNow())
  const message = t(experiment.state === 'SCHEDULED' ? 'experiment.scheduled' : 'experiment.created')
  return ok({ message, ...experimentView(experiment, [], t) }, 201)
})
