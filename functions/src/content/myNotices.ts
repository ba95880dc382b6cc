import { isLocale } from '@swipe/shared'
import { contentRoutes } from '@swipe/shared/contract/content'
import { endpoint, ok } from '#edge/http'
import { headerOf } from '#edge/request-state'
import { adminOf } from '#edge/tenancy'
import { now } from '#platform/services/clock'
import { newestNotices, noticeView, rememberLanguage, unreadOf } from './my-notices.ts'

/**
 * The caller's personal notices (issue 33 part 4), newest first, with the number unread: the bell
 * shows them above the system notifications. The console's language (`X-Lang`) is remembered for
 * the account, so the mails of its next notices are written in it.
 */
export const handler = endpoint(contentRoutes['content.myNotices'], async ({ actor, event }) => {
  const account = adminOf(actor)
  const lang = headerOf(event, 'x-lang')
  const [notices] = await Promise.all([
    newestNotices(account.accountId, now()),
    isLocale(lang) ? rememberLanguage(account.accountId, lang) : undefined,
  ])
  return ok({ unread: unreadOf(notices), items: notices.map(noticeView) })
})
