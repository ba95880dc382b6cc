import { sitesRoutes } from '@swipe/shared/contract/sites'
import { endpoint, ok } from '#lib/http'
import { oemZoneOf } from '#lib/oem-zones'
import { planOfOwner, planView } from '#lib/plans'
import { sitesFor } from '#lib/tenancy'
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
