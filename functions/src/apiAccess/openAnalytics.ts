import { apiAccessRoutes } from '@swipe/shared/contract/apiAccess'
import { endpoint, ok } from '#edge/http'
import { analyticsOf } from './open.ts'

/** GET /open/site/{siteId}/analytics: the report KPIs and daily counters of a period. */
export const handler = endpoint(
  apiAccessRoutes['apiAccess.openAnalytics'],
  async ({ actor, params, query }) => ok(await analyticsOf(actor, params.siteId, query)),
)
