import { email as emailSchema, ResendRegistrationBody } from '@swipe/shared'
import { NotFoundError, ValidationError } from '#lib/errors'
import { ok, zodIssues } from '#lib/http'
import { routes } from '../routes.ts'
import { publishedForm, refuseHoneypot, visitorPost } from './forms.ts'
import {
  getMember,
  mailAlreadyMember,
  mailRegistrationLink,
  newRegistrationToken,
  normaliseEmail,
  refreshPending,
  tokenHashOf,
} from './members.ts'
import { NO_STORE } from './service.ts'

/**
 * POST /end-user/site/{siteId}/resend-register-email: a pending member gets a new link (24 hours;
 * the previous one stops working); a member gets the sign-in notice; any other email nothing. The
 * answer is the same 202 whatever the email (no enumeration).
 */
export const handler = visitorPost(
  routes['endUser.resendRegisterEmail'],
  ResendRegistrationBody,
  async ({ params, body }) => {
    const published = await publishedForm(params.siteId, body.lang, 'membership')
    if (!published.form.enabled) throw new NotFoundError()
    refuseHoneypot(body)
    const parsed = emailSchema.safeParse(body.email)
    if (!parsed.success) throw new ValidationError(zodIssues(parsed.error, 'body.email'))
    const { site, lang } = published
    const email = normaliseEmail(parsed.data)
    const member = await getMember(site.siteId, email)
    if (member?.status === 'PENDING') {
      const token = newRegistrationToken()
      if (await refreshPending(site.siteId, email, { tokenHash: tokenHashOf(token) }))
        await mailRegistrationLink(site, lang, email, token)
    } else if (member?.status === 'ACTIVE') {
      await mailAlreadyMember(site, lang, email)
    }
    return ok({ status: 'sent' }, 202, NO_STORE)
  },
)
