import { randomUUID } from 'node:crypto'
import { apiAccessRoutes, SITE_WEBHOOK_LIMITS } from '@swipe/shared/contract/apiAccess'
import { SiteWebhookEndpoints } from '#data/site-webhooks'
import { checkWebhookUrl, endpointsOf, newWebhookSecret, webhookView } from '#domain/site-webhooks'
import { AppError } from '#edge/errors'
import { endpoint, ok } from '#edge/http'
import { adminOf } from '#edge/tenancy'
import * as clock from '#platform/services/clock'
import { audit, siteForApi } from './service.ts'

/**
 * POST /site/{id}/api/webhooks: adds an endpoint (at most 5 per site). The URL must be HTTPS and
 * resolve to public addresses only (400 `siteApi.webhookUrlInvalid`, nothing stored); the answer
 * carries the signing secret, the only time it is shown.
 */
export const handler = endpoint(
  apiAccessRoutes['apiAccess.webhookCreate'],
  async ({ actor, params, body, t }) => {
    const site = await siteForApi(actor, params.id)
    if ((await endpointsOf(site.siteId)).length >= SITE_WEBHOOK_LIMITS.endpoints)
      throw new AppError(409, 'siteApi.tooManyWebhooks', { max: SITE_WEBHOOK_LIMITS.endpoints })
    const url = await checkWebhookUrl(body.url)
    const now = new Date(clock.now()).toISOString()
    const secret = newWebhookSecret()
    const item = (
      await SiteWebhookEndpoints.create({
        siteId: site.siteId,
        endpointId: randomUUID(),
        url,
        events: body.events,
        secret,
        enabled: true,
        createdAt: now,
        createdBy: adminOf(actor).accountId,
        updatedAt: now,
      }).go()
    ).data
    await audit(
      actor,
      site.siteId,
      'webhook.create',
      `webhook=${item.endpointId} host=${new URL(url).host} events=${body.events.join(',')}`,
    )
    return ok({ secret, item: webhookView(item), message: t('siteApi.webhookCreated') }, 201)
  },
)
