import { endUserRoutes } from '@swipe/shared/contract/endUser'
import { AppError, NotFoundError } from '#edge/errors'
import { ok } from '#edge/http'
import { memberRow } from '../submissions/rows.ts'
import { visitorPost } from './forms.ts'
import { activate, isExpired, memberOfToken, tokenHashOf } from './members.ts'
import { queueWebhookEvent } from './queue.ts'
import { NO_STORE, publishedSetting } from './service.ts'

/**
 * POST /end-user/site/{siteId}/register/confirm: the token of the mailed link makes the member
 * ACTIVE and lets its pool user sign in. An expired link is 410 `endUser.registrationExpired`
 * (the page offers a new one); an unknown or used token 404 `endUser.registrationInvalid`.
 */
export const handler = visitorPost(endUserRoutes['endUser.registerConfirm'], async ({ params, body }) => {
  await publishedSetting(params.siteId)
  const tokenHash = tokenHashOf(body.token)
  const member = await memberOfToken(params.siteId, tokenHash)
  if (!member) throw new NotFoundError('endUser.registrationInvalid')
  if (isExpired(member)) throw new AppError(410, 'endUser.registrationExpired')
  if (!(await activate(member, tokenHash))) throw new NotFoundError('endUser.registrationInvalid')
  await queueWebhookEvent(
    params.siteId,
    'member.registered',
    memberRow({ ...member, status: 'ACTIVE', confirmedAt: new Date().toISOString() }),
  )
  return ok({ status: 'active', email: member.email }, 200, NO_STORE)
})
