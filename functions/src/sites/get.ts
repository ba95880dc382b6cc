import { sitesRoutes } from '@swipe/shared/contract/sites'
import { oemZoneOf } from '#domain/oem-zones'
import { planOfOwner, planView } from '#domain/plans'
import { endpoint, ok } from '#edge/http'
import { sitesFor } from '#edge/tenancy'
import { siteMedia, siteView } from './service.ts'

/** The whole site, from one query on its partition. */
export const handler = endpoint(sitesRoutes['sites.get'], async ({ actor, params }) => {
  const { site, items } = await sitesFor(actor).load(params.id, 'site:read')
  return ok({
    ...siteView(site, items, await oemZoneOf(site.tenantIds)),
    plan: planView(await planOfOwner(site.ownerId)),
    media: await siteMedia(site, items),
  })
})
