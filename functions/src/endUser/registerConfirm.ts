import { endUserRoutes } from '@swipe/shared/contract/endUser'
import { AppError, NotFoundError } from '#edge/errors'
import { ok } from '#edge/http'
import { clientIp } from '#edge/rate-limit'
import { headerOf } from '#edge/request-state'
import { memberRow } from '../submissions/rows.ts'
import { visitorPost } from './forms.ts'
import { activate, isExpired, memberOfToken, tokenHashOf } from './members.ts'
import { queueConversion, queueWebhookEvent } from './queue.ts'
import { NO_STORE, publishedSetting } from './service.ts'

/**
 * POST /end-user/site/{siteId}/register/confirm: the token of the mailed link makes the member
 * ACTIVE and lets its pool user sign in. An expired link is 410 `endUser.registrationExpired`
 * (the page offers a new one); an unknown or used token 404 `endUser.registrationInvalid`. With
 * the visitor's consent the sign-up is a conversion for the site's server-side destinations.
 */
export const handler = visitorPost(
  endUserRoutes['endUser.registerConfirm'],
  async ({ params, body, event }) => {
    const site = await publishedSetting(params.siteId)
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
    // The site's server-side conversions, with the visitor's consent on the page that confirmed (issue 32).
    await queueConversion(site, {
      event: 'memberRegistered',
      email: member.email,
      context: body.conversion,
      ip: clientIp(event),
      userAgent: headerOf(event, 'user-agent'),
    })
    return ok({ status: 'active', email: member.email }, 200, NO_STORE)
  },
)
