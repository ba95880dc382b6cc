import { randomUUID } from 'node:crypto'
import { type FormField, type FormSubmitBody, formFieldName, type SubmissionValue } from '@swipe/shared'
import { visitorKeyOf } from '@swipe/shared/experiments/model'
import { jstMinute } from '@swipe/shared/time/jst'
import type * as z from 'zod'
import { SiteSubmissions, type StoredAnswer, type SubmissionKind } from '#data/submissions'
import { NotFoundError } from '#edge/errors'
import { type Event, ok, type Reply } from '#edge/http'
import { clientIp, emailClient, takeAllowance } from '#edge/rate-limit'
import { cookiePairs, headerOf } from '#edge/request-state'
import { now as clockNow } from '#platform/services/clock'
import { logger } from '#platform/services/logger'
import { sendMail } from '#platform/services/mail'
import { recordExperimentGoal } from '../analytics/experiments.ts'
import { recordConversion } from '../analytics/service.ts'
import { submissionRow } from '../submissions/rows.ts'
import {
  answerText,
  type PublishedForm,
  publishedForm,
  refuseHoneypot,
  storedAnswers,
  translator,
  validateAnswers,
} from './forms.ts'
import { oneLine } from './members.ts'
import { queueConversion, queueWebhookEvent } from './queue.ts'
import { NO_STORE } from './service.ts'

/** Which stored kind each visitor form is (SPEC §7 Members, contacts, forms). */
const KIND_OF = { contact: 'contact', homepage: 'form' } as const satisfies Record<string, SubmissionKind>

/**
 * The recipient's mail in the form's content language, plain text only: each answer on its own
 * line as the visitor typed it (no HTML is built, so nothing a visitor or creator typed is markup).
 */
const mailOf = (
  published: PublishedForm,
  answers: StoredAnswer[],
  email: string,
  createdAt: string,
  mode?: string,
) => {
  const t = translator(published.lang)
  const lines = answers.map((a) => `${a.title}: ${a.value}`)
  if (mode) lines.push(`${t('endUser.modeTitle')}: ${mode}`)
  const subjectKey = published.kind === 'contact' ? 'endUser.contactMailSubject' : 'endUser.formMailSubject'
  return {
    subject: t(subjectKey, { site: oneLine(published.site.name), email }),
    text: t('endUser.submissionMailBody', {
      site: published.site.name,
      date: jstMinute(createdAt),
      answers: lines.join('\n'),
    }),
  }
}

/**
 * The automatic reply to the visitor (docs/decisions/0027-visitor-form-pages.md "Form replies and closed
 * forms"): the creator's subject and text with a line naming the site, to the address the visitor typed, with
 * Reply-To the contact recipient. Never the visitor's answers (the form relays no stranger's words),
 * and at most `RATE_LIMITS.autoReplyEmail` per address an hour over every site: past it, or when the
 * mail fails, the submission stands and only the log says so.
 */
const sendAutoReply = async (published: PublishedForm<'contact' | 'homepage'>, email: string) => {
  const reply = published.form.autoReply
  if (!reply?.enabled || !email) return
  const { siteId } = published.site
  if (!(await takeAllowance('autoReplyEmail', emailClient(email), 1))) {
    logger.warn('Form auto-reply skipped: address allowance used up', { siteId, kind: published.kind })
    return
  }
  const t = translator(published.lang)
  const site = oneLine(published.site.name)
  const recipient = published.forms.contact.recipientEmail
  try {
    await sendMail({
      to: email,
      ...(recipient ? { replyTo: recipient } : {}),
      subject: oneLine(reply.subject) || t('endUser.autoReplySubject', { site }),
      text: `${reply.body.trim()}\n\n--\n${t('endUser.autoReplyFooter', { site })}`,
    })
    logger.info('Form auto-reply sent', { siteId, kind: published.kind })
  } catch (error) {
    logger.error('Form auto-reply failed', { siteId, kind: published.kind, error: error as Error })
  }
}

/** A field creators title as a phone number (電話番号, TEL, Phone, 电话, 전화). */
const PHONE_TITLE = /電話|携帯|tel|phone|电话|전화|휴대/i

/**
 * The visitor's phone number for the ad platforms' matching: the first free-text field titled as
 * one (the forms have no phone type); undefined when none, or when its answer is no number (the
 * normalisation then drops it).
 */
const phoneAnswer = (fields: readonly FormField[], data: Record<string, SubmissionValue>) => {
  const index = fields.findIndex((f) => !f.key && f.typeInput !== 'TEXT_AREA' && PHONE_TITLE.test(f.title))
  const field = fields[index]
  return field ? answerText(data, formFieldName(field, index)) || undefined : undefined
}

/**
 * A contact or homepage form submission: 404 unless the form is enabled, 400 `endUser.refused`
 * for a filled honeypot, 400 with field paths when the form's rules fail; then the submission is
 * stored, mailed to the contact setting's recipient (when there is one) with Reply-To set to the
 * visitor's address, so that replying answers the visitor, and its `mailStatus`
 * recorded: a failed mail is FAILED and the submission is kept; then the form's automatic reply,
 * when it has one (`sendAutoReply`). 201 `{ status: 'received' }`.
 */
export const receiveSubmission = async (
  siteId: string,
  formKind: keyof typeof KIND_OF,
  body: z.output<typeof FormSubmitBody>,
  event: Event,
): Promise<Reply<{ status: 'received' }>> => {
  const published = await publishedForm(siteId, body.lang, formKind)
  if (!published.form.enabled) throw new NotFoundError()
  refuseHoneypot(body)
  const data = validateAnswers(published, body.data)
  const kind = KIND_OF[formKind]
  const email = answerText(data, 'email')
  const answers = storedAnswers(published.form.fields, data)
  const mode = body.mode?.trim() || undefined
  const key = { siteId, kind, createdAt: new Date().toISOString(), submissionId: randomUUID() }
  const stored = {
    ...key,
    lang: published.lang,
    email,
    company: answerText(data, 'company'),
    answers,
    ...(mode ? { mode } : {}),
    mailStatus: 'NONE' as const,
  }
  await SiteSubmissions.create(stored).go({ response: 'none' })
  // A conversion of the site and language (and of the cell whose link button led here).
  await recordConversion(published.site, published.lang, kind === 'contact' ? 'contact' : 'form', body.via, {
    context: body.conversion,
  })
  // The site's A/B test, when sending a form is its goal (issue 34): the page's host sends the key.
  await recordExperimentGoal(siteId, visitorKeyOf(cookiePairs(event).join(';')), 'form', clockNow())
  const recipient = published.forms.contact.recipientEmail
  let mailStatus: 'NONE' | 'SENT' | 'FAILED' = 'NONE'
  if (recipient) {
    mailStatus = 'SENT'
    try {
      // A reply goes to the visitor (their address passed the form's email rule; sendMail checks again).
      await sendMail({
        to: recipient,
        ...(email ? { replyTo: email } : {}),
        ...mailOf(published, answers, email, key.createdAt, mode),
      })
    } catch (error) {
      mailStatus = 'FAILED'
      logger.error('Submission mail failed', { siteId, kind, error: error as Error })
    }
    await SiteSubmissions.patch(key).set({ mailStatus }).go({ response: 'none' })
  }
  await sendAutoReply(published, email)
  // The site's server-side conversions, with the visitor's consent (issue 32).
  await queueConversion(published.site, {
    event: kind === 'contact' ? 'contactSent' : 'homepageFormSent',
    email,
    phone: phoneAnswer(published.form.fields, data),
    context: body.conversion,
    ip: clientIp(event),
    userAgent: headerOf(event, 'user-agent'),
  })
  // The site's webhooks get the submission as the site API lists it (issue 21).
  await queueWebhookEvent(
    siteId,
    kind === 'contact' ? 'contact.received' : 'form.received',
    submissionRow({ ...stored, mailStatus } as Parameters<typeof submissionRow>[0]),
  )
  logger.info('Form submission received', { siteId, kind })
  return ok({ status: 'received' as const }, 201, NO_STORE)
}
