import { contentRoutes } from '@swipe/shared/contract/content'
import { endpoint, ok } from '#edge/http'
import { headerOf } from '#edge/request-state'
import { adminOf, withCursor } from '#edge/tenancy'
import { now } from '#platform/services/clock'
import { feedTag, matchesTag } from './feed-tag.ts'
import { audienceMemo, audienceOf, feedPage, readerMemo, unreadCount } from './system-noti.ts'

/**
 * The caller's bell (SPEC §2): its unread count and the notifications its role receives, newest
 * first, in its language. Answers carry an ETag and `private, no-cache`, so the browser revalidates
 * each poll; a poll whose tag still matches is a 304 decided from this Lambda's memory of the
 * audience's and the reader's versions, with no notification read (docs/decisions/0044-notifications.md).
 */
export const handler = endpoint(
  contentRoutes['content.systemNotiShow'],
  async ({ actor, event, query, locale }) => {
    const account = adminOf(actor)
    const audience = audienceOf(account)
    const page = `${query.limit}:${query.cursor ?? ''}`
    const tagOf = (audienceState: Parameters<typeof feedTag>[0]['audience'], version: number) =>
      feedTag({
        accountId: account.accountId,
        locale,
        page,
        audience: audienceState,
        reader: { version },
        now: now(),
      })
    const headers = (tag: string) => ({
      etag: tag,
      'cache-control': 'private, no-cache',
      vary: 'origin, authorization, x-lang',
    })
    const conditional = headerOf(event, 'if-none-match')
    if (conditional) {
      const audienceState = audience ? await audienceMemo.get(audience) : undefined
      const reader = await readerMemo.get(account.accountId)
      const tag = tagOf(audienceState, reader.version)
      if (matchesTag(conditional, tag)) return { status: 304, headers: headers(tag) }
    }
    // A full read: the versions first (so the tag is never newer than what is sent), then the feed.
    const audienceState = audience ? await audienceMemo.refresh(audience) : undefined
    const reader = await readerMemo.refresh(account.accountId)
    const tag = tagOf(audienceState, reader.version)
    const [feed, unread] = await Promise.all([
      withCursor(query.cursor, (cursor) => feedPage(audience, reader, locale, query.limit, cursor)),
      unreadCount(audience, reader),
    ])
    return ok({ unreadCount: unread, items: feed.items, nextCursor: feed.nextCursor }, 200, headers(tag))
  },
)
