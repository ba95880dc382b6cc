import { analysisRoutes } from '@swipe/shared/contract/analysis'
import { endpoint, ok } from '#edge/http'
import { pagesReport, reportContext } from './service.ts'

/** GET /analysis/site/{id}/pages: every creative of a site (see ./service.ts). */
export const handler = endpoint(analysisRoutes['analysis.pages'], async ({ actor, params, query }) =>
  ok(await pagesReport(await reportContext(actor, params.id, query))),
)
