import { contentRoutes } from '@swipe/shared/contract/content'
import { AccountNotices } from '#data/account-notices'
import { NotFoundError } from '#edge/errors'
import { endpoint, ok } from '#edge/http'
import { adminOf } from '#edge/tenancy'
import { now } from '#platform/services/clock'
import { newestNotices, unreadOf } from './my-notices.ts'

/**
 * Marks the caller's personal notices read: `ids` (each must be one of the caller's, else 404 and
 * nothing is stored) or `all` (every unread one the bell lists). A notice read already keeps its
 * first `readAt`.
 */
export const handler = endpoint(contentRoutes['content.myNoticesRead'], async ({ actor, body, t }) => {
  const account = adminOf(actor)
  const at = now()
  const accountId = account.accountId
  const chosen = body.all
    ? (await newestNotices(accountId, at)).filter((notice) => notice.readAt === undefined)
    : await Promise.all(
        [...new Set(body.ids ?? [])].map(async (noticeId) => {
          const found = (await AccountNotices.get({ accountId, noticeId }).go({ consistent: true })).data
          if (!found) throw new NotFoundError()
          return found
        }),
      )
  await Promise.all(
    chosen
      .filter((notice) => notice.readAt === undefined)
      .map((notice) =>
        AccountNotices.patch({ accountId, noticeId: notice.noticeId }).set({ readAt: at }).go(),
      ),
  )
  const unread = unreadOf(await newestNotices(accountId, at))
  return ok({ unread, message: t('content.markedRead') })
})
