import { analysisRoutes } from '@swipe/shared/contract/analysis'
import { endpoint, ok } from '#edge/http'
import { rankingReport, reportContext } from './service.ts'

/** GET /analysis/site/{id}/ranking: the rankings of a site (see ./service.ts). */
export const handler = endpoint(analysisRoutes['analysis.ranking'], async ({ actor, params, query }) =>
  ok(await rankingReport(await reportContext(actor, params.id, query))),
)
