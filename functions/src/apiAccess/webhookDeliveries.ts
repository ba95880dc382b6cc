import { apiAccessRoutes, SITE_WEBHOOK_LIMITS } from '@swipe/shared/contract/apiAccess'
import { deliveriesOf, deliveryView } from '#domain/site-webhooks'
import { endpoint, ok } from '#edge/http'
import { siteForApi, webhookOf } from './service.ts'

/** GET /site/{id}/api/webhooks/{webhookId}/deliveries: the latest 50, newest first. */
export const handler = endpoint(apiAccessRoutes['apiAccess.webhookDeliveries'], async ({ actor, params }) => {
  const site = await siteForApi(actor, params.id)
  const found = await webhookOf(site.siteId, params.webhookId)
  const items = await deliveriesOf(site.siteId, found.endpointId, SITE_WEBHOOK_LIMITS.deliveriesListed)
  return ok({ items: items.map(deliveryView) })
})
