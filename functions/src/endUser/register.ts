import { RegisterBody } from '@swipe/shared'
import { NotFoundError } from '#lib/errors'
import { ok } from '#lib/http'
import { routes } from '../routes.ts'
import {
  answerText,
  publishedForm,
  refuseHoneypot,
  storedAnswers,
  validateAnswers,
  visitorPost,
} from './forms.ts'
import {
  enablePoolUser,
  getMember,
  mailAlreadyMember,
  mailRegistrationLink,
  newRegistrationToken,
  provisionPoolUser,
  savePending,
  tokenHashOf,
} from './members.ts'
import { NO_STORE } from './service.ts'

/** Kept on the member item itself, not among its other answers. */
const OWN_FIELDS = new Set(['email', 'company'])

/**
 * POST /end-user/site/{siteId}/register: sign-up with the site's membership form. A new email (or
 * one still pending) gets a PENDING member, the password on a disabled pool user, and a link
 * valid 24 hours; an email that is already a member gets a notice with the sign-in link instead.
 * Both answer the same 202 (no enumeration). 404 when the membership form is not enabled.
 */
export const handler = visitorPost(routes['endUser.register'], RegisterBody, async ({ params, body }) => {
  const published = await publishedForm(params.siteId, body.lang, 'membership')
  if (!published.form.enabled) throw new NotFoundError()
  refuseHoneypot(body)
  const data = validateAnswers(published, body.data)
  const { site, lang } = published
  const email = answerText(data, 'email')
  const existing = await getMember(site.siteId, email)
  let pending = existing?.status !== 'ACTIVE'
  if (pending) {
    await provisionPoolUser(site.siteId, email, answerText(data, 'password'))
    const token = newRegistrationToken()
    pending = await savePending(
      {
        siteId: site.siteId,
        email,
        lang,
        company: answerText(data, 'company'),
        answers: storedAnswers(published.form.fields, data, OWN_FIELDS),
        tokenHash: tokenHashOf(token),
      },
      existing,
    )
    if (pending) await mailRegistrationLink(site, lang, email, token)
    // The link was opened between the read and the write: the member is ACTIVE and stays able to sign in.
    else await enablePoolUser(site.siteId, email)
  }
  if (!pending) await mailAlreadyMember(site, lang, email)
  return ok({ status: 'sent' }, 202, NO_STORE)
})
