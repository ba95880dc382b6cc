import { scopeRoot } from '@swipe/shared'
import { contentRoutes } from '@swipe/shared/contract/content'
import { endpoint, ok } from '#edge/http'
import { adminOf, policyActorOf, withCursor } from '#edge/tenancy'
import { now } from '#platform/services/clock'
import { Notices } from '../data/content.ts'
import { statusWhere } from './notice-status.ts'
import { newsOwnerOf, noticeView } from './notices.ts'

/** Latest information in the caller's scope, newest first: staff see every owner's, an OEM its own. */
export const handler = endpoint(contentRoutes['content.newsList'], async ({ actor, query }) => {
  const account = adminOf(actor)
  const at = now()
  const atIso = new Date(at).toISOString()
  const staff = scopeRoot(policyActorOf(account)) === 'ALL'
  const base = staff
    ? Notices.query.byKind({ kind: 'news' })
    : Notices.query.byOwner({ kind: 'news', ownerKey: newsOwnerOf(account).ownerKey })
  const status = query.status
  const page = await withCursor(query.cursor, (cursor) =>
    (status ? base.where((attr, op) => statusWhere(status, atIso, [attr, op] as never)) : base).go({
      order: 'desc',
      count: query.limit,
      cursor,
    }),
  )
  return ok({
    items: await Promise.all(page.data.map((item) => noticeView(item, at))),
    nextCursor: page.cursor,
  })
})
