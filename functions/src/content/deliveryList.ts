import { contentRoutes } from '@swipe/shared/contract/content'
import { endpoint, ok } from '#edge/http'
import { sitesFor, withCursor } from '#edge/tenancy'
import { now } from '#platform/services/clock'
import { Notices } from '../data/content.ts'
import { deliveryView } from './delivery.ts'
import { statusWhere } from './notice-status.ts'

/** A site's notification deliveries, newest first; another tenant's site is 404. */
export const handler = endpoint(contentRoutes['content.deliveryList'], async ({ actor, query }) => {
  const site = await sitesFor(actor).get(query.siteId, 'site:read')
  const at = now()
  const atIso = new Date(at).toISOString()
  const base = Notices.query.byOwner({ kind: 'delivery', ownerKey: site.siteId })
  const status = query.status
  const page = await withCursor(query.cursor, (cursor) =>
    (status ? base.where((attr, op) => statusWhere(status, atIso, [attr, op] as never)) : base).go({
      order: 'desc',
      count: query.limit,
      cursor,
    }),
  )
  return ok({
    items: await Promise.all(page.data.map((item) => deliveryView(item, at))),
    nextCursor: page.cursor,
  })
})
