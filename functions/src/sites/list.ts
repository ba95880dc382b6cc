import { sitesRoutes } from '@swipe/shared/contract/sites'
import { endpoint, ok } from '#lib/http'
import { sitesFor } from '#lib/tenancy'
import { ownerNames, summaryOf } from './service.ts'

export const handler = endpoint(sitesRoutes['sites.list'], async ({ actor, query }) => {
  const page = await sitesFor(actor).list(query)
  const names = await ownerNames(page.items)
  return ok({ items: page.items.map((site) => summaryOf(site, names)), nextCursor: page.nextCursor })
})
