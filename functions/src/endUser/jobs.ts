import type { SiteLanguage } from '@swipe/shared'
import type { StoredAnswer } from '#data/submissions'
import { attemptConversions, sweepDueConversions } from '#domain/conversion-attempts'
import type { ConversionKey } from '#domain/site-conversions'
import { attemptDeliveries, type DeliveryKey, sweepDueDeliveries } from '#domain/site-webhooks'
import type { JobRunners } from '#platform/services/jobs'
import { logger } from '#platform/services/logger'
import {
  enablePoolUser,
  getMember,
  mailAlreadyMember,
  mailRegistrationLink,
  newRegistrationToken,
  provisionPoolUser,
  refreshPending,
  savePending,
  tokenHashOf,
} from './members.ts'
import { publishedSetting } from './service.ts'

/**
 * The mail-sending half of visitor sign-up and resend, as jobs (`#platform/services/jobs`): the request answers
 * 202 once the job is handed over, so it takes the same time whether the email is new, pending, a
 * member or unknown, and never waits on Cognito or SES (docs/decisions/0045-client-identity.md). The
 * sign-up's password travels only in the job's input, never stored.
 */

export interface RegistrationInput {
  siteId: string
  lang: SiteLanguage
  email: string
  password: string
  company: string
  answers: StoredAnswer[]
}

/**
 * A new email (or one still pending) gets a PENDING member, the password on a disabled pool user,
 * and a link valid 24 hours; an email that is already a member gets a notice with the sign-in link.
 */
export const completeRegistration = async (input: RegistrationInput) => {
  const site = await publishedSetting(input.siteId)
  const { lang, email } = input
  const existing = await getMember(site.siteId, email)
  let pending = existing?.status !== 'ACTIVE'
  if (pending) {
    await provisionPoolUser(site.siteId, email, input.password)
    const token = newRegistrationToken()
    pending = await savePending(
      {
        siteId: site.siteId,
        email,
        lang,
        company: input.company,
        answers: input.answers,
        tokenHash: tokenHashOf(token),
      },
      existing,
    )
    if (pending) await mailRegistrationLink(site, lang, email, token)
    // The link was opened between the read and the write: the member is ACTIVE and stays able to sign in.
    else await enablePoolUser(site.siteId, email)
  }
  if (!pending) await mailAlreadyMember(site, lang, email)
}

/** A pending member gets a new link (the previous one stops working); a member the sign-in notice; any other email nothing. */
export const resendRegistration = async (siteId: string, lang: SiteLanguage, email: string) => {
  const site = await publishedSetting(siteId)
  const member = await getMember(site.siteId, email)
  if (member?.status === 'PENDING') {
    const token = newRegistrationToken()
    if (await refreshPending(site.siteId, email, { tokenHash: tokenHashOf(token) }))
      await mailRegistrationLink(site, lang, email, token)
  } else if (member?.status === 'ACTIVE') {
    await mailAlreadyMember(site, lang, email)
  }
}

const required = (input: Readonly<Record<string, string>> | undefined, names: string[]) => {
  for (const name of names) if (input?.[name] === undefined) throw new Error(`Job input lacks ${name}`)
  return input as Readonly<Record<string, string>>
}

/** The end-user context's asynchronous jobs, run by its jobs Lambda (./worker.ts); ./queue.ts starts them. */
export const jobs: JobRunners<'endUser'> = {
  registration: async (event) => {
    const input = required(event.input, ['siteId', 'lang', 'email', 'password', 'company', 'answers'])
    await completeRegistration({
      siteId: input.siteId!,
      lang: input.lang as SiteLanguage,
      email: input.email!,
      password: input.password!,
      company: input.company!,
      answers: JSON.parse(input.answers!) as StoredAnswer[],
    })
  },
  resendRegistration: async (event) => {
    const input = required(event.input, ['siteId', 'lang', 'email'])
    await resendRegistration(input.siteId!, input.lang as SiteLanguage, input.email!)
  },
  /** The first attempts of an event's webhook deliveries (issue 21; #domain/site-webhooks). */
  webhookDeliveries: async (event) => {
    const input = required(event.input, ['deliveries'])
    await attemptDeliveries(JSON.parse(input.deliveries!) as DeliveryKey[])
  },
  /**
   * The webhook retry sweep: every PENDING delivery that is due, every minute (the runtime table's
   * `webhookSweep` schedule: EventBridge Scheduler on AWS, infra/local/scheduler.ts under `npm start`).
   */
  webhookSweep: async () => {
    const outcome = await sweepDueDeliveries()
    if (outcome.attempted) logger.info('Webhook sweep', outcome)
  },
  /** The first attempts of a conversion's server-side deliveries (issue 32; #domain/site-conversions). */
  conversionDeliveries: async (event) => {
    const input = required(event.input, ['deliveries'])
    await attemptConversions(JSON.parse(input.deliveries!) as ConversionKey[])
  },
  /** The conversions' retry sweep, every minute (the runtime table's `conversionSweep` schedule). */
  conversionSweep: async () => {
    const outcome = await sweepDueConversions()
    if (outcome.attempted) logger.info('Conversion sweep', outcome)
  },
}
