import { apiAccessRoutes } from '@swipe/shared/contract/apiAccess'
import { checkCredentials, storeCredentials } from '#domain/conversion-credentials'
import { planOfOwner, requireFeature } from '#domain/plans'
import { destinationViews } from '#domain/site-conversions'
import { endpoint, ok } from '#edge/http'
import { adminOf } from '#edge/tenancy'
import { audit, siteForApi } from './service.ts'

/**
 * PUT /site/{id}/conversions/{platform}/credentials: stores the platform's credentials, sealed
 * (#platform/services/vault). Exactly the platform's fields (400 naming each missing or unknown
 * one), then the plan: server-side conversions follow its analytics flag (403 `plan.noAnalytics`). The
 * answer says they are stored and never carries them; the audit names the platform only.
 */
export const handler = endpoint(
  apiAccessRoutes['apiAccess.conversionCredentialsSet'],
  async ({ actor, params, body, t }) => {
    const site = await siteForApi(actor, params.id)
    const credentials = checkCredentials(params.platform, body.credentials)
    requireFeature(await planOfOwner(site.ownerId), 'analyticsEffect')
    await storeCredentials(site.siteId, params.platform, credentials, adminOf(actor).accountId)
    await audit(actor, site.siteId, 'conversion.credentialsSet', `platform=${params.platform}`)
    const item = (await destinationViews(site)).find((d) => d.platform === params.platform)!
    return ok({ item, message: t('conversions.credentialsSaved') })
  },
)
