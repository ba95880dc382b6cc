import { apiAccessRoutes, SITE_WEBHOOK_LIMITS } from '@swipe/shared/contract/apiAccess'
import { endpoint, ok } from '#lib/http'
import { deliveriesOf, deliveryView } from '#lib/site-webhooks'
import { siteForApi, webhookOf } from './service.ts'

/** GET /site/{id}/api/webhooks/{webhookId}/deliveries: the latest 50, newest first. */
export const handler = endpoint(apiAccessRoutes['apiAccess.webhookDeliveries'], async ({ actor, params }) => {
  const site = await siteForApi(actor, params.id)
  const found = await webhookOf(site.siteId, params.webhookId)
  const items = await deliveriesOf(site.siteId, found.endpointId, SITE_WEBHOOK_LIMITS.deliveriesListed)
  return ok({ items: items.map(deliveryView) })
})
