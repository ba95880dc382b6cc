import { analysisRoutes } from '@swipe/shared/contract/analysis'
import { endpoint, ok } from '#edge/http'
import { chartReport, reportContext } from './service.ts'

/** GET /analysis/site/{id}/lp/chart: a point per day or month of the period. */
export const handler = endpoint(analysisRoutes['analysis.chart'], async ({ actor, params, query }) =>
  ok(await chartReport(await reportContext(actor, params.id, query), query.unit)),
)
