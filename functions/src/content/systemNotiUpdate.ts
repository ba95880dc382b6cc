import { contentRoutes } from '@swipe/shared/contract/content'
import { ConflictError, NotFoundError } from '#edge/errors'
import { endpoint, ok } from '#edge/http'
import { now } from '#platform/services/clock'
import { SystemNotifications } from '../data/content.ts'
import { storedFields, systemNotiView, touchAudiences } from './system-noti.ts'

/** Saves a system notification, conditioned on the version it was loaded at. */
export const handler = endpoint(contentRoutes['content.systemNotiUpdate'], async ({ params, body, t }) => {
  const current = (await SystemNotifications.get({ notiId: params.id }).go()).data
  if (!current) throw new NotFoundError()
  if (current.version !== body.version) throw new ConflictError()
  const at = now()
  const { version, ...input } = body
  const fields = storedFields(input, at, current)
  const { startDate, endDate, ...rest } = fields
  let update = SystemNotifications.patch({ notiId: params.id }).set({
    ...rest,
    ...(startDate ? { startDate } : {}),
    ...(endDate ? { endDate } : {}),
    updatedAt: new Date(at).toISOString(),
    version: version + 1,
  })
  const gone = [...(startDate ? [] : ['startDate' as const]), ...(endDate ? [] : ['endDate' as const])]
  if (gone.length) update = update.remove(gone)
  try {
    await update.where((attr, op) => op.eq(attr.version, version)).go()
  } catch (error) {
    if (String((error as Error).message).includes('conditional')) throw new ConflictError()
    throw error
  }
  const saved = (await SystemNotifications.get({ notiId: params.id }).go()).data
  if (!saved) throw new NotFoundError()
  await touchAudiences([...current.audiences, ...fields.audiences], [fields])
  return ok({ ...systemNotiView(saved, at), message: t('content.updated') })
})
