import { apiAccessRoutes } from '@swipe/shared/contract/apiAccess'
import { SiteWebhookDeliveries } from '#data/site-webhooks'
import { NotFoundError } from '#lib/errors'
import { endpoint, ok } from '#lib/http'
import { deliveryView, resendDelivery } from '#lib/site-webhooks'
import { audit, siteForApi, webhookOf } from './service.ts'

/**
 * POST /site/{id}/api/webhooks/{webhookId}/deliveries/{deliveryId}/resend: the same event (same
 * body, same event id) is attempted again now and the answer carries the outcome; a retryable
 * failure goes on with the backoff for another 24 hours.
 */
export const handler = endpoint(apiAccessRoutes['apiAccess.webhookResend'], async ({ actor, params, t }) => {
  const site = await siteForApi(actor, params.id)
  const found = await webhookOf(site.siteId, params.webhookId)
  const delivery = (
    await SiteWebhookDeliveries.query
      .delivery({ siteId: site.siteId, endpointId: found.endpointId })
      .where((a, op) => op.eq(a.deliveryId, params.deliveryId))
      .go({ pages: 'all', consistent: true })
  ).data[0]
  if (!delivery) throw new NotFoundError()
  const stored = await resendDelivery(delivery)
  await audit(
    actor,
    site.siteId,
    'webhook.resend',
    `webhook=${found.endpointId} delivery=${delivery.deliveryId} event=${delivery.eventId}`,
  )
  return ok({ item: deliveryView(stored), message: t('siteApi.webhookResent') })
})
