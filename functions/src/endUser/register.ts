import { endUserRoutes } from '@swipe/shared/contract/endUser'
import { visitorKeyOf } from '@swipe/shared/experiments/model'
import { NotFoundError } from '#edge/errors'
import { cookiePairs } from '#edge/request-state'
import { now as clockNow } from '#platform/services/clock'
import { recordExperimentGoal } from '../analytics/experiments.ts'
import { recordConversion } from '../analytics/service.ts'
import {
  answerText,
  publishedForm,
  refuseHoneypot,
  storedAnswers,
  validateAnswers,
  visitorPost,
} from './forms.ts'
import { queueMemberMail } from './queue.ts'

/** Kept on the member item itself, not among its other answers. */
const OWN_FIELDS = new Set(['email', 'company'])

/**
 * POST /end-user/site/{siteId}/register: sign-up with the site's membership form. The form's
 * rules are checked here (400); the sign-up itself is a job (`registration`, ./jobs.ts): a new
 * email (or one still pending) gets a PENDING member, the password on a disabled pool user, and a
 * link valid 24 hours; an email that is already a member gets a notice with the sign-in link
 * instead. The answer is the same 202 at once in every case (no enumeration, by content or by
 * time). Mails are limited per client address and per email (429). 404 when the membership form
 * is not enabled.
 */
export const handler = visitorPost(endUserRoutes['endUser.register'], async ({ params, body, event }) => {
  const published = await publishedForm(params.siteId, body.lang, 'membership')
  if (!published.form.enabled) throw new NotFoundError()
  refuseHoneypot(body)
  const data = validateAnswers(published, body.data)
  const { site, lang } = published
  const email = answerText(data, 'email')
  // A sign-up is a conversion of the site and language (and of the cell whose link button led here).
  await recordConversion(site, lang, 'member', body.via, { context: body.conversion })
  // The site's A/B test, when a registration is its goal (issue 34).
  await recordExperimentGoal(
    site.siteId,
    visitorKeyOf(cookiePairs(event).join(';')),
    'registration',
    clockNow(),
  )
  return queueMemberMail(event, { site, lang, email }, 'registration', {
    siteId: site.siteId,
    lang,
    email,
    password: answerText(data, 'password'),
    company: answerText(data, 'company'),
    answers: JSON.stringify(storedAnswers(published.form.fields, data, OWN_FIELDS)),
  })
})
