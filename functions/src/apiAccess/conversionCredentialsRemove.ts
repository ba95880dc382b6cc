import { apiAccessRoutes } from '@swipe/shared/contract/apiAccess'
import { removeCredentials } from '#domain/conversion-credentials'
import { destinationViews } from '#domain/site-conversions'
import { endpoint, ok } from '#edge/http'
import { audit, siteForApi } from './service.ts'

/**
 * DELETE /site/{id}/conversions/{platform}/credentials: deletes the credentials; deliveries still
 * pending then fail ("The credentials were removed.") and no new one is made.
 */
export const handler = endpoint(
  apiAccessRoutes['apiAccess.conversionCredentialsRemove'],
  async ({ actor, params, t }) => {
    const site = await siteForApi(actor, params.id)
    await removeCredentials(site.siteId, params.platform)
    await audit(actor, site.siteId, 'conversion.credentialsRemove', `platform=${params.platform}`)
    const item = (await destinationViews(site)).find((d) => d.platform === params.platform)!
    return ok({ item, message: t('conversions.credentialsRemoved') })
  },
)
