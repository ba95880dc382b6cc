import { apiAccessRoutes } from '@swipe/shared/contract/apiAccess'
import { removeEndpoint } from '#domain/site-webhooks'
import { endpoint, ok } from '#edge/http'
import { audit, siteForApi, webhookOf } from './service.ts'

/** DELETE /site/{id}/api/webhooks/{webhookId}: the endpoint and its delivery log are deleted. */
export const handler = endpoint(apiAccessRoutes['apiAccess.webhookRemove'], async ({ actor, params, t }) => {
  const site = await siteForApi(actor, params.id)
  const found = await webhookOf(site.siteId, params.webhookId)
  await removeEndpoint(site.siteId, found.endpointId)
  await audit(
    actor,
    site.siteId,
    'webhook.remove',
    `webhook=${found.endpointId} host=${new URL(found.url).host}`,
  )
  return ok({ id: found.endpointId, message: t('siteApi.webhookRemoved') })
})
