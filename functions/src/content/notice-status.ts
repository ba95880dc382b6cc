import type { ContentStatus } from '@swipe/shared/schemas/content'
import type { Notices, SystemNotifications } from '../data/content.ts'

/**
 * The stored conditions of a notice's or a system notification's status, apart from ./notices.ts
 * (which writes notices and checks their uploaded images): the visitors' read
 * (functions/src/endUser/notiDelivery.ts) needs only this, and so its Lambda carries none of the
 * upload checks.
 */
type NoticeOps = Parameters<Parameters<ReturnType<typeof Notices.query.byOwner>['where']>[0]>
type SystemNotiOps = Parameters<
  Parameters<ReturnType<typeof SystemNotifications.query.byCreated>['where']>[0]
>

/**
 * The stored conditions of a status at `at` (statuses are never stored; SPEC §4). Both entities
 * store the same three attributes (`draft`, `visibleFrom`, `endDate`) under the same names.
 */
export const statusWhere = (status: ContentStatus, at: string, ops: NoticeOps | SystemNotiOps): string => {
  const [attr, op] = ops as NoticeOps
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
