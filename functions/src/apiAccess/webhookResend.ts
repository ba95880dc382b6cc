import { randomUUID } from 'node:crypto'
import { apiAccessRoutes } from '@swipe/shared/contract/apiAccess'
import { SiteWebhookDeliveries } from '#data/site-webhooks'
import { deliveryView, queueResend } from '#domain/site-webhooks'
import { NotFoundError } from '#edge/errors'
import { endpoint, ok } from '#edge/http'
import { runJob } from '#platform/services/jobs'
import { audit, siteForApi, webhookOf } from './service.ts'

/**
 * POST /site/{id}/api/webhooks/{webhookId}/deliveries/{deliveryId}/resend: the same event (same
 * body, same event id) is queued again, due now, with another 24-hour window; the answer (202, the
 * delivery PENDING) comes at once and the attempt is a job (`webhookResend`, ./webhookJobs.ts), so
 * a slow receiver never holds the creator's request (issue 29).
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
  const queued = await queueResend(delivery)
  await runJob({
    context: 'apiAccess',
    type: 'webhookResend',
    id: randomUUID(),
    input: {
      delivery: JSON.stringify({
        siteId: queued.siteId,
        endpointId: queued.endpointId,
        createdAt: queued.createdAt,
        deliveryId: queued.deliveryId,
      }),
    },
  })
  await audit(
    actor,
    site.siteId,
    'webhook.resend',
    `webhook=${found.endpointId} delivery=${delivery.deliveryId} event=${delivery.eventId}`,
  )
  return ok({ item: deliveryView(queued), message: t('siteApi.webhookResent') }, 202)
})
