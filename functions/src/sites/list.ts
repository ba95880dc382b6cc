import { ListSitesQuery } from '@swipe/shared'
import { endpoint, ok } from '#lib/http'
import { sitesFor } from '#lib/tenancy'
import { routes } from '../routes.ts'
import { ownerNames, summaryOf } from './service.ts'

export const handler = endpoint(routes['sites.list'], { query: ListSitesQuery }, async ({ actor, query }) => {
  const page = await sitesFor(actor).list(query)
  const names = await ownerNames(page.items)
  return ok({ items: page.items.map((site) => summaryOf(site, names)), nextCursor: page.nextCursor })
})
