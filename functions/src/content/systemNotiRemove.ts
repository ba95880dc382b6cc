import { contentRoutes } from '@swipe/shared/contract/content'
import { ConflictError, NotFoundError } from '#edge/errors'
import { endpoint, ok } from '#edge/http'
import { SystemNotifications } from '../data/content.ts'
import { touchAudiences } from './system-noti.ts'

/** Deletes a system notification (optimistic lock): it leaves every reader's bell at once. */
export const handler = endpoint(contentRoutes['content.systemNotiRemove'], async ({ params, query, t }) => {
  const current = (await SystemNotifications.get({ notiId: params.id }).go()).data
  if (!current) throw new NotFoundError()
  if (current.version !== query.version) throw new ConflictError()
  try {
    await SystemNotifications.delete({ notiId: params.id })
      .where((attr, op) => op.eq(attr.version, query.version))
      .go()
  } catch (error) {
    if (String((error as Error).message).includes('conditional')) throw new ConflictError()
    throw error
  }
  await touchAudiences(current.audiences, [])
  return ok({ message: t('content.deleted') })
})
