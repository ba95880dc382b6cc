import { apiAccessRoutes } from '@swipe/shared/contract/apiAccess'
import { deliveriesPage } from '#domain/site-conversions'
import { endpoint, ok } from '#edge/http'
import { siteForApi } from './service.ts'

/** GET /site/{id}/conversions/{platform}/deliveries?cursor=: 50 per page, newest first. */
export const handler = endpoint(
  apiAccessRoutes['apiAccess.conversionDeliveries'],
  async ({ actor, params, query }) => {
    const site = await siteForApi(actor, params.id)
    return ok(await deliveriesPage(site.siteId, params.platform, query.cursor))
  },
)
