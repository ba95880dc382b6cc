import { SiteConversionDeliveries, type SiteConversionDelivery } from '#data/site-conversions'
import { type Site, Sites } from '#data/sites'
import { platform } from '../platform/index.ts'
import * as clock from '../platform/services/clock.ts'
import { logger } from '../platform/services/logger.ts'
import { ANSWER_CAP, googleAccessToken, readCredentials } from './conversion-credentials.ts'
import { type AnswerVerdict, authorisedRequest, type ConversionRequest, readAnswer } from './conversions.ts'
import { claimCondition, claimFields, conditional, stillDue, sweepLanes } from './delivery-sweep.ts'
import { type ConversionKey, savedConversions } from './site-conversions.ts'
import { ENDPOINT_ATTEMPTS, ENDPOINT_BUDGET_MS, SWEEP_INTERVAL_MS, SWEEP_PARALLEL } from './site-webhooks.ts'
import { attemptPost, nextAttemptAt } from './webhooks.ts'

/**
 * The attempts of the site's conversion deliveries (issue 32; ./site-conversions.ts records them):
 * one claimed attempt at a time (a conditional write on the attempt count that moves the due time a
 * lease ahead, so the job and the sweep never send the same attempt twice), the platform's answer
 * read (./conversions.ts `readAnswer`), 408, 429, 5xx and no answer tried again on the webhooks'
 * backoff for 24 hours after the conversion, any other refusal final with the platform's message.
 * The retry sweep runs the webhooks' per-receiver lanes (./delivery-sweep.ts), one lane per site
 * and platform. The end-user jobs Lambda runs this; it opens the credentials (the vault key).
 */

const iso = (ms: number) => new Date(ms).toISOString()
const keyOf = (d: ConversionKey): ConversionKey => ({
  siteId: d.siteId,
  platform: d.platform,
  eventId: d.eventId,
})

/** What an attempt got: a status and the answer to read, or a verdict already made (and why). */
type Sent = {
  status?: number | undefined
  answer?: string | undefined
  /** Why there was no answer (a category), when there was none. */
  error?: string | undefined
  /** The platform's `Retry-After` (a 429 or 503), in milliseconds. */
  retryAfterMs?: number | undefined
  verdict?: AnswerVerdict
}

/** Sends one delivery; `site` is read only for Google, whose OAuth client is in the saved settings. */
const send = async (
  delivery: SiteConversionDelivery,
  site: () => Promise<Pick<Site, 'adTags'>>,
): Promise<Sent> => {
  const credentials = await readCredentials(delivery.siteId, delivery.platform)
  if (!credentials) return { verdict: { outcome: 'failed', message: 'The credentials were removed.' } }
  const request = JSON.parse(delivery.payload) as ConversionRequest
  const origin = (api: Parameters<ReturnType<typeof platform>['adPlatforms']['origin']>[0]) =>
    platform().adPlatforms.origin(api)
  let extra = {}
  if (request.api === 'google') {
    const google = savedConversions(await site()).google
    if (!google) return { verdict: { outcome: 'failed', message: 'The destination was turned off.' } }
    const token = await googleAccessToken(credentials, google.clientId)
    if ('refused' in token) {
      const { status, answer, error } = token.refused
      // The token endpoint's refusal (`invalid_grant`: a revoked refresh token) is final; 5xx is retried.
      if (status === undefined) return { error }
      const verdict = readAnswer('google', status, answer)
      return {
        status,
        verdict:
          verdict.outcome === 'delivered'
            ? { outcome: 'failed', message: error ?? 'Google answered no access token.' }
            : { outcome: verdict.outcome, message: `OAuth: ${verdict.message}` },
      }
    }
    extra = { googleAccessToken: token.token, loginCustomerId: google.loginCustomerId }
  }
  const result = await attemptPost(authorisedRequest(request, origin, credentials, extra), {
    keepAnswer: true,
    answerCap: ANSWER_CAP,
  })
  return {
    status: result.status,
    answer: result.answer,
    error: result.error,
    retryAfterMs: result.retryAfterMs,
  }
}

/**
 * One attempt of a PENDING delivery, if it is still PENDING and no one else claimed this attempt.
 * Returns the delivery as stored afterwards (undefined when it was not attempted).
 */
export const attemptConversion = async (
  key: ConversionKey,
  { dueBy, site }: { dueBy?: number; site?: Pick<Site, 'adTags'> } = {},
): Promise<SiteConversionDelivery | undefined> => {
  const delivery = (await SiteConversionDeliveries.get(keyOf(key)).go({ consistent: true })).data
  if (delivery?.state !== 'PENDING') return undefined
  if (dueBy !== undefined && Date.parse(delivery.dueAt) > dueBy) return undefined
  const claimed = await conditional(() =>
    SiteConversionDeliveries.patch(keyOf(delivery))
      .set(claimFields(delivery, clock.now()))
      .where(claimCondition(delivery))
      .go({ response: 'none' }),
  )
  if (!claimed) return undefined
  const attempts = delivery.attempts + 1
  const sent = await send(delivery, async () => site ?? (await siteSettings(delivery.siteId))).catch(
    (error: unknown): Sent => {
      logger.error('Conversion attempt failed to run', {
        siteId: delivery.siteId,
        platform: delivery.platform,
        eventId: delivery.eventId,
        error: error as Error,
      })
      return { error: 'network' }
    },
  )
  const now = clock.now()
  const verdict: AnswerVerdict =
    sent.verdict ??
    (sent.status === undefined
      ? { outcome: 'retry', message: sent.error ?? 'network' }
      : readAnswer(delivery.platform, sent.status, sent.answer))
  // The backoff, or later when the platform asks (`Retry-After`), within the same 24 hours.
  const next =
    verdict.outcome === 'retry'
      ? nextAttemptAt(Date.parse(delivery.createdAt), attempts, now, sent.retryAfterMs)
      : undefined
  const state = verdict.outcome === 'delivered' ? 'DELIVERED' : next === undefined ? 'FAILED' : 'PENDING'
  const lastError = verdict.outcome === 'delivered' ? undefined : verdict.message
  const cleared = [
    ...(sent.status === undefined ? (['lastStatus'] as const) : []),
    ...(lastError ? [] : (['lastError'] as const)),
  ]
  const update = SiteConversionDeliveries.patch(keyOf(delivery)).set({
    state,
    dueAt: iso(next ?? now),
    updatedAt: iso(now),
    ...(sent.status === undefined ? {} : { lastStatus: sent.status }),
    ...(lastError ? { lastError } : {}),
  })
  const saved = await (cleared.length ? update.remove(cleared) : update).go({ response: 'all_new' })
  // Never the payload or a credential: the platform's own message only.
  if (state !== 'DELIVERED')
    logger.warn('Conversion delivery attempt failed', {
      siteId: delivery.siteId,
      platform: delivery.platform,
      eventId: delivery.eventId,
      attempts,
      status: sent.status,
      message: lastError,
      state,
    })
  const after: SiteConversionDelivery = { ...delivery, ...saved.data }
  for (const k of cleared) delete after[k]
  return after
}

const siteSettings = async (siteId: string): Promise<Pick<Site, 'adTags'>> =>
  (await Sites.get({ siteId }).go({ attributes: ['adTags'] })).data ?? {}

/** Attempts each delivery (keys from `recordConversionEvent`), never failing the caller. */
export const attemptConversions = async (keys: ConversionKey[]) => {
  await Promise.all(
    keys.map((key) =>
      attemptConversion(key).catch((error: unknown) =>
        logger.error('Conversion delivery failed to run', { ...key, error: error as Error }),
      ),
    ),
  )
}

const readDue = async (at: number): Promise<SiteConversionDelivery[]> =>
  (
    await SiteConversionDeliveries.query
      .byState({ state: 'PENDING' })
      .lte({ dueAt: iso(at) })
      .go({ limit: 1000, pages: 10 })
  ).data

const postpone = async (keys: readonly SiteConversionDelivery[], dueAt: number) => {
  for (let i = 0; i < keys.length; i += 25)
    await Promise.all(
      keys.slice(i, i + 25).map((d) =>
        conditional(() =>
          SiteConversionDeliveries.patch(keyOf(d))
            .set({ state: 'PENDING', dueAt: new Date(dueAt).toISOString() })
            .where(stillDue(d))
            .go({ response: 'none' }),
        ),
      ),
    )
}

/** The retry sweep: every PENDING delivery due by `at`, one lane per site and platform. */
export const sweepDueConversions = async (at = clock.now()) =>
  sweepLanes(
    await readDue(at),
    at,
    {
      parallel: SWEEP_PARALLEL,
      attempts: ENDPOINT_ATTEMPTS,
      budgetMs: ENDPOINT_BUDGET_MS,
      intervalMs: SWEEP_INTERVAL_MS,
    },
    {
      lane: (d) => `${d.siteId}#${d.platform}`,
      attempt: (d) => attemptConversion(keyOf(d), { dueBy: at }),
      postpone,
      now: clock.now,
      label: 'Conversion',
    },
  )
