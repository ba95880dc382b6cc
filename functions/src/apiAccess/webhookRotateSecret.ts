import { apiAccessRoutes } from '@swipe/shared/contract/apiAccess'
import { SiteWebhookEndpoints } from '#data/site-webhooks'
import { newWebhookSecret, SECRET_OVERLAP_MS, webhookView } from '#domain/site-webhooks'
import { endpoint, ok } from '#edge/http'
import * as clock from '#platform/services/clock'
import { audit, siteForApi, webhookOf } from './service.ts'

/**
 * POST /site/{id}/api/webhooks/{webhookId}/rotate-secret (issue 30): a new signing secret, shown
 * once; the one it replaces keeps signing beside it for `SECRET_OVERLAP_MS` (24 hours), so each
 * delivery then carries two signatures and a receiver can switch without a failed delivery. A
 * second rotation within the overlap replaces the older secret: two secrets at most.
 */
export const handler = endpoint(
  apiAccessRoutes['apiAccess.webhookRotateSecret'],
  async ({ actor, params, t }) => {
    const site = await siteForApi(actor, params.id)
    const found = await webhookOf(site.siteId, params.webhookId)
    const now = clock.now()
    const secret = newWebhookSecret()
    const saved = (
      await SiteWebhookEndpoints.patch({ siteId: site.siteId, endpointId: found.endpointId })
        .set({
          secret,
          previousSecret: found.secret,
          previousSecretUntil: new Date(now + SECRET_OVERLAP_MS).toISOString(),
          updatedAt: new Date(now).toISOString(),
        })
        .go({ response: 'all_new' })
    ).data
    const item = webhookView({ ...found, ...saved })
    // The new secret's prefix only, never a secret; the overlap in the key rotation's terms.
    await audit(
      actor,
      site.siteId,
      'webhook.rotateSecret',
      `webhook=${found.endpointId} prefix=${item.secretPrefix} graceMinutes=${SECRET_OVERLAP_MS / 60_000}`,
    )
    return ok({ secret, item, message: t('siteApi.webhookSecretRotated') })
  },
)
