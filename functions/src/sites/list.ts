import { ListSitesQuery } from '@swipe/shared'
import { endpoint, ok } from '#lib/http'
import { sitesFor } from '#lib/tenancy'
import { routes } from '../routes.ts'
import { summaryOf } from './service.ts'

export const handler = endpoint(routes['sites.list'], { query: ListSitesQuery }, async ({ actor, query }) => {
  const page = await sitesFor(actor).list(query)
  return ok({ items: page.items.map(summaryOf), nextCursor: page.nextCursor })
})
