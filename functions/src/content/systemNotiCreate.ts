import { randomUUID } from 'node:crypto'
import { contentRoutes } from '@swipe/shared/contract/content'
import { endpoint, ok } from '#edge/http'
import { adminOf } from '#edge/tenancy'
import { now } from '#platform/services/clock'
import { SystemNotifications } from '../data/content.ts'
import { storedFields, systemNotiView, touchAudiences } from './system-noti.ts'

/**
 * Creates a system notification: stored once for its audiences (never copied per reader), visible
 * now (instant) or from its start (reserved) without any job: readers' queries stop at "now".
 */
export const handler = endpoint(contentRoutes['content.systemNotiCreate'], async ({ actor, body, t }) => {
  const account = adminOf(actor)
  const at = now()
  const stamp = new Date(at).toISOString()
  const fields = storedFields(body, at)
  const created = await SystemNotifications.create({
    notiId: randomUUID(),
    ...fields,
    createdAt: stamp,
    createdBy: account.accountId,
    updatedAt: stamp,
    version: 1,
  }).go()
  await touchAudiences(fields.audiences, [fields])
  return ok({ ...systemNotiView(created.data, at), message: t('content.created') }, 201)
})
