import { contentRoutes } from '@swipe/shared/contract/content'
import { isConditionFailure } from '#data/service'
import { endpoint, ok } from '#edge/http'
import { adminOf } from '#edge/tenancy'
import { now } from '#platform/services/clock'
import { audienceOf, readerMemo, saveReader, unreadCount, visibleTo } from './system-noti.ts'

/**
 * Marks notifications read: `noti_ids` one by one (each must be one the caller sees now, else 404
 * and nothing is stored), or `all`: one "read up to" instant, whatever the number of notifications.
 */
export const handler = endpoint(contentRoutes['content.systemNotiMarkAsRead'], async ({ actor, body, t }) => {
  const account = adminOf(actor)
  const audience = audienceOf(account)
  const items = []
  for (const id of new Set(body.notiIds ?? [])) items.push(await visibleTo(audience, id))
  for (let attempt = 1; ; attempt += 1) {
    const reader = await readerMemo.refresh(account.accountId)
    const readUpTo = body.all ? new Date(now()).toISOString() : reader.readUpTo
    const readIds = body.all
      ? []
      : [
          ...new Set([
            ...reader.readIds,
            ...items.filter((item) => !readUpTo || item.visibleFrom > readUpTo).map((item) => item.notiId),
          ]),
        ]
    try {
      const saved = await saveReader(account.accountId, reader, { readUpTo, readIds })
      return ok({ unreadCount: await unreadCount(audience, saved), message: t('content.markedRead') })
    } catch (error) {
      // Another tab marked at the same moment: read its state and apply this mark on top.
      if (!isConditionFailure(error) || attempt >= 3) throw error
    }
  }
})
