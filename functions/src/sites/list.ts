import { sitesRoutes } from '@swipe/shared/contract/sites'
import { endpoint, ok } from '#lib/http'
import { activeOemZones } from '#lib/oem-zones'
import { sitesFor } from '#lib/tenancy'
import { ownerNames, summaryOf } from './service.ts'

export const handler = endpoint(sitesRoutes['sites.list'], async ({ actor, query }) => {
  const page = await sitesFor(actor).list(query)
  const [names, zones] = await Promise.all([ownerNames(page.items), activeOemZones()])
  return ok({
    items: page.items.map((site) => summaryOf(site, names, zones)),
    nextCursor: page.nextCursor,
  })
})
