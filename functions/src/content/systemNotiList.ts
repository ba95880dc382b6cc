import { contentRoutes } from '@swipe/shared/contract/content'
import type { ContentStatus } from '@swipe/shared/schemas/content'
import { endpoint, ok } from '#edge/http'
import { withCursor } from '#edge/tenancy'
import { now } from '#platform/services/clock'
import { SystemNotifications } from '../data/content.ts'
import { systemNotiView } from './system-noti.ts'

type Ops = Parameters<Parameters<ReturnType<typeof SystemNotifications.query.byCreated>['where']>[0]>
/** The stored conditions of a status at `at` (the status itself is never stored; SPEC §4). */
const statusFilter = (status: ContentStatus, at: string, [attr, op]: Ops): string => {
  if (status === 'draft') return op.eq(attr.draft, true)
  // Built only when used: ElectroDB registers a value for every operator called.
  const live = op.eq(attr.draft, false)
  switch (status) {
    case 'unpublic':
      return `${live} AND ${op.gt(attr.visibleFrom, at)}`
    case 'expired':
      return `${live} AND ${op.lte(attr.visibleFrom, at)} AND ${op.exists(attr.endDate)} AND ${op.lte(attr.endDate, at)}`
    case 'public':
      return `${live} AND ${op.lte(attr.visibleFrom, at)} AND (${op.notExists(attr.endDate)} OR ${op.gt(attr.endDate, at)})`
  }
}

/** System notifications for staff, newest first; the status filter is evaluated at this instant. */
export const handler = endpoint(contentRoutes['content.systemNotiList'], async ({ query }) => {
  const at = now()
  const atIso = new Date(at).toISOString()
  const base = SystemNotifications.query.byCreated({ scope: 'all' })
  const status = query.status
  const page = await withCursor(query.cursor, (cursor) =>
    (status ? base.where((attr, op) => statusFilter(status, atIso, [attr, op])) : base).go({
      order: 'desc',
      count: query.limit,
      cursor,
    }),
  )
  return ok({ items: page.data.map((item) => systemNotiView(item, at)), nextCursor: page.cursor })
})
