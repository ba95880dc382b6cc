import { apiAccessRoutes } from '@swipe/shared/contract/apiAccess'
import { SiteApiKeys } from '#data/site-api'
import { endpoint, ok } from '#edge/http'
import * as clock from '#platform/services/clock'
import { audit, keyOf, keyView, siteForApi } from './service.ts'

/** DELETE /site/{id}/api/keys/{keyId}: the key is refused from now on (kept in the list as revoked). */
export const handler = endpoint(apiAccessRoutes['apiAccess.keyRevoke'], async ({ actor, params, t }) => {
  const site = await siteForApi(actor, params.id)
  const key = await keyOf(site.siteId, params.keyId)
  if (key.revokedAt) return ok({ item: keyView(key), message: t('siteApi.keyRevoked', { name: key.name }) })
  const revokedAt = new Date(clock.now()).toISOString()
  const saved = (
    await SiteApiKeys.patch({ siteId: site.siteId, keyId: key.keyId })
      .set({ revokedAt })
      .go({ response: 'all_new' })
  ).data
  await audit(actor, site.siteId, 'key.revoke', `key=${key.keyId} prefix=${key.prefix}`)
  return ok({ item: keyView({ ...key, ...saved }), message: t('siteApi.keyRevoked', { name: key.name }) })
})
