import { email as emailSchema } from '@swipe/shared'
import { endUserRoutes } from '@swipe/shared/contract/endUser'
import { NotFoundError, ValidationError } from '#edge/errors'
import { zodIssues } from '#edge/http'
import { publishedForm, refuseHoneypot, visitorPost } from './forms.ts'
import { normaliseEmail } from './members.ts'
import { queueMemberMail } from './queue.ts'

/**
 * POST /end-user/site/{siteId}/resend-register-email: a pending member gets a new link (24 hours;
 * the previous one stops working); a member gets the sign-in notice; any other email nothing. The
 * lookup and the mail are a job (`resendRegistration`, ./jobs.ts), so the answer is the same 202,
 * in the same time, whatever the email (no enumeration). Limited per client address and per email
 * together with sign-up (429).
 */
export const handler = visitorPost(
  endUserRoutes['endUser.resendRegisterEmail'],
  async ({ params, body, event }) => {
    const published = await publishedForm(params.siteId, body.lang, 'membership')
    if (!published.form.enabled) throw new NotFoundError()
    refuseHoneypot(body)
    const parsed = emailSchema.safeParse(body.email)
    if (!parsed.success) throw new ValidationError(zodIssues(parsed.error, 'body.email'))
    const { site, lang } = published
    const email = normaliseEmail(parsed.data)
    return queueMemberMail(event, { site, lang, email }, 'resendRegistration', {
      siteId: site.siteId,
      lang,
      email,
    })
  },
)
