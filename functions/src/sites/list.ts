import { sitesRoutes } from '@swipe/shared/contract/sites'
import { activeOemZones } from '#domain/oem-zones'
import { endpoint, ok } from '#edge/http'
import { sitesFor } from '#edge/tenancy'
import { ownerNames, summaryOf } from './service.ts'

export const handler = endpoint(sitesRoutes['sites.list'], async ({ actor, query }) => {
  const page = await sitesFor(actor).list(query)
  const [names, zones] = await Promise.all([ownerNames(page.items), activeOemZones()])
  return ok({
    items: page.items.map((site) => summaryOf(site, names, zones)),
    nextCursor: page.nextCursor,
  })
})
