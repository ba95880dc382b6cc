import { analysisRoutes } from '@swipe/shared/contract/analysis'
import { endpoint, ok } from '#edge/http'
import { lpReport, reportContext } from './service.ts'

/** GET /analysis/site/{id}/lp: the KPIs of a site (see ./service.ts). */
export const handler = endpoint(analysisRoutes['analysis.lp'], async ({ actor, params, query }) =>
  ok(await lpReport(await reportContext(actor, params.id, query))),
)
