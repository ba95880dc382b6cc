import { apiAccessRoutes } from '@swipe/shared/contract/apiAccess'
import { SiteWebhookEndpoints } from '#data/site-webhooks'
import { webhookView } from '#domain/site-webhooks'
import { endpoint, ok } from '#edge/http'
import * as clock from '#platform/services/clock'
import { audit, siteForApi, webhookOf } from './service.ts'

/** PUT /site/{id}/api/webhooks/{webhookId}: enables or disables the endpoint and sets its events. */
export const handler = endpoint(
  apiAccessRoutes['apiAccess.webhookUpdate'],
  async ({ actor, params, body, t }) => {
    const site = await siteForApi(actor, params.id)
    const found = await webhookOf(site.siteId, params.webhookId)
    const saved = (
      await SiteWebhookEndpoints.patch({ siteId: site.siteId, endpointId: found.endpointId })
        .set({ enabled: body.enabled, events: body.events, updatedAt: new Date(clock.now()).toISOString() })
        .go({ response: 'all_new' })
    ).data
    await audit(
      actor,
      site.siteId,
      'webhook.update',
      `webhook=${found.endpointId} enabled=${body.enabled} events=${body.events.join(',')}`,
    )
    return ok({ item: webhookView({ ...found, ...saved }), message: t('siteApi.webhookUpdated') })
  },
)
