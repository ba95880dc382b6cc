import * as z from 'zod'
import { endpoint, ok } from '#lib/http'
import { planOfOwner, planView } from '#lib/plans'
import { sitesFor } from '#lib/tenancy'
import { routes } from '../routes.ts'
import { siteMedia, siteView } from './service.ts'

export const IdParams = z.object({ id: z.string().min(1).max(64) })

/** The whole site, from one query on its partition. */
export const handler = endpoint(routes['sites.get'], { params: IdParams }, async ({ actor, params }) => {
  const { site, items } = await sitesFor(actor).load(params.id, 'site:read')
  return ok({
    ...siteView(site, items),
    plan: planView(await planOfOwner(site.ownerId)),
    media: await siteMedia(site, items),
  })
})
