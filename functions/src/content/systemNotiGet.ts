import { contentRoutes } from '@swipe/shared/contract/content'
import { NotFoundError } from '#edge/errors'
import { endpoint, ok } from '#edge/http'
import { SystemNotifications } from '../data/content.ts'
import { systemNotiView } from './system-noti.ts'

/** One system notification with every language, for staff. */
export const handler = endpoint(contentRoutes['content.systemNotiGet'], async ({ params }) => {
  const item = (await SystemNotifications.get({ notiId: params.id }).go()).data
  if (!item) throw new NotFoundError()
  return ok(systemNotiView(item))
})
