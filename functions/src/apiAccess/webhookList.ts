import { apiAccessRoutes, SITE_WEBHOOK_EVENTS, SITE_WEBHOOK_LIMITS } from '@swipe/shared/contract/apiAccess'
import { endpointsOf, webhookView } from '#domain/site-webhooks'
import { endpoint, ok } from '#edge/http'
import { siteForApi } from './service.ts'

/** GET /site/{id}/api/webhooks: the site's endpoints, oldest first (never a secret). */
export const handler = endpoint(apiAccessRoutes['apiAccess.webhookList'], async ({ actor, params }) => {
  const site = await siteForApi(actor, params.id)
  const items = (await endpointsOf(site.siteId)).map(webhookView)
  return ok({ items, events: [...SITE_WEBHOOK_EVENTS], max: SITE_WEBHOOK_LIMITS.endpoints })
})
