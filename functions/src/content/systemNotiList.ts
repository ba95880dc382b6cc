import { contentRoutes } from '@swipe/shared/contract/content'
import { endpoint, ok } from '#edge/http'
import { withCursor } from '#edge/tenancy'
import { now } from '#platform/services/clock'
import { SystemNotifications } from '../data/content.ts'
import { statusWhere } from './notice-status.ts'
import { systemNotiView } from './system-noti.ts'

/** System notifications for staff, newest first; the status filter is evaluated at this instant. */
export const handler = endpoint(contentRoutes['content.systemNotiList'], async ({ query }) => {
  const at = now()
  const atIso = new Date(at).toISOString()
  const base = SystemNotifications.query.byCreated({ scope: 'all' })
  const status = query.status
  const page = await withCursor(query.cursor, (cursor) =>
    (status ? base.where((attr, op) => statusWhere(status, atIso, [attr, op])) : base).go({
      order: 'desc',
      count: query.limit,
      cursor,
    }),
  )
  return ok({ items: page.data.map((item) => systemNotiView(item, at)), nextCursor: page.cursor })
})
