import { analysisRoutes } from '@swipe/shared/contract/analysis'
import { endpoint, ok } from '#edge/http'
import { reportContext, sourcesReport } from './service.ts'

/** GET /analysis/site/{id}/sources: visits by referrer and UTM of a site (see ./service.ts). */
export const handler = endpoint(analysisRoutes['analysis.sources'], async ({ actor, params, query }) =>
  ok(await sourcesReport(await reportContext(actor, params.id, query))),
)
