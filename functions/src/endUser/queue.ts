import { randomUUID } from 'node:crypto'
import type { SiteLanguage } from '@swipe/shared'
import type { ConversionOccurrence } from '#domain/conversions'
import { recordConversionEvent } from '#domain/site-conversions'
import { recordWebhookEvent } from '#domain/site-webhook-events'
import { type Event, ok, type Reply } from '#edge/http'
import { clientIp, emailClient, takeOrRefuse } from '#edge/rate-limit'
import { runJob } from '#platform/services/jobs'
import { logger } from '#platform/services/logger'
import { sitePageUrl } from './forms.ts'
import { NO_STORE } from './service.ts'

/*
 * The request side of the end-user context's jobs: what a visitor's request hands to the jobs
 * Lambda (./jobs.ts runs it) and answers without waiting for.
 */

/**
 * A visitor's event for the site's webhooks (`member.registered`, `contact.received`,
 * `form.received`): its deliveries are stored here, their first attempts run in a job after the
 * answer, so a slow receiver never slows the visitor; a failure here is logged, never the visitor's.
 */
export const queueWebhookEvent = async (
  siteId: string,
  type: Parameters<typeof recordWebhookEvent>[1],
  data: unknown,
) => {
  try {
    const deliveries = await recordWebhookEvent(siteId, type, data)
    if (deliveries.length === 0) return
    await runJob({
      context: 'endUser',
      type: 'webhookDeliveries',
      id: randomUUID(),
      input: { deliveries: JSON.stringify(deliveries) },
    })
  } catch (error) {
    logger.error('Webhook event not queued', { siteId, event: type, error: error as Error })
  }
}

/**
 * A visitor's conversion for the site's server-side destinations (issue 32; #domain/site-conversions):
 * its deliveries are stored here (none without consent), their first attempts run in a job after
 * the answer; a failure here is logged, never the visitor's.
 */
export const queueConversion = async (
  site: Parameters<typeof recordConversionEvent>[0],
  occurrence: Omit<ConversionOccurrence, 'eventId' | 'at' | 'context'> & {
    context: ConversionOccurrence['context'] | undefined
  },
) => {
  // No context: the page sent no conversion (whether consent allows one is the domain's rule).
  if (!occurrence.context) return
  try {
    const deliveries = await recordConversionEvent(site, {
      ...occurrence,
      context: occurrence.context,
      eventId: occurrence.context.eventId,
    })
    if (deliveries.length === 0) return
    await runJob({
      context: 'endUser',
      type: 'conversionDeliveries',
      id: randomUUID(),
      input: { deliveries: JSON.stringify(deliveries) },
    })
  } catch (error) {
    logger.error('Conversion not queued', {
      siteId: site.siteId,
      event: occurrence.event,
      error: error as Error,
    })
  }
}

/**
 * Hands a member mail (sign-up or resend) to its job and answers the visitor: the stage must serve
 * the site's pages (503 otherwise: a link it could not build), the address and the target email
 * must have allowance left (429), then the job runs after the answer. The same 202 in every case.
 */
export const queueMemberMail = async (
  event: Event,
  target: { site: Parameters<typeof sitePageUrl>[0]; lang: SiteLanguage; email: string },
  type: 'registration' | 'resendRegistration',
  input: Readonly<Record<string, string>>,
): Promise<Reply<{ status: 'sent' }>> => {
  sitePageUrl(target.site, target.lang, 'login')
  await takeOrRefuse([
    ['memberMailClient', clientIp(event)],
    ['memberMailEmail', emailClient(target.email)],
  ])
  await runJob({ context: 'endUser', type, id: randomUUID(), input })
  return ok({ status: 'sent' as const }, 202, NO_STORE)
}
