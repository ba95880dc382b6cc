import { randomBytes, randomUUID } from 'node:crypto'
import { keysToSnake } from '@swipe/shared/case'
import type { SiteWebhookDeliveryView, SiteWebhookView } from '@swipe/shared/contract/apiAccess'
import { SITE_WEBHOOK_EVENTS } from '@swipe/shared/schemas/site-api'
import type * as z from 'zod'
import {
  SiteWebhookDeliveries,
  type SiteWebhookDelivery,
  type SiteWebhookEndpoint,
  SiteWebhookEndpoints,
} from '#data/site-webhooks'
import * as clock from './clock.ts'
import { AppError } from './errors.ts'
import { logger } from './logger.ts'
import { isConditionFailure } from './rate-limit.ts'
import { attemptDelivery, isRetryable, nextAttemptAt, resolveTarget, WebhookTargetError } from './webhooks.ts'

/**
 * The site's webhooks (issue 21 Deliver 6; docs/decisions.md "API issuing per site (issue 21)"):
 * endpoints, the deliveries an event makes, and their attempts. `./webhooks.ts` signs and sends
 * one attempt; this module stores what happened and decides what comes next:
 * - an event makes one PENDING delivery per enabled endpoint that subscribes to it, due at once;
 *   the caller hands the first attempts to a job, off the visitor's request;
 * - an attempt first claims the delivery (a conditional write on its attempt count that also moves
 *   its due time a lease ahead), so the job and the sweep never send the same attempt twice;
 * - 2xx: DELIVERED. 408, 429, 5xx, no answer or a refused address: again after the backoff of
 *   `nextAttemptAt`, until 24 hours after the event (or the last resend), then FAILED. Any other
 *   answer (a 4xx: the receiver refuses this event): FAILED at once;
 * - the sweep (`sweepDueDeliveries`, on a schedule) attempts every PENDING delivery that is due.
 */

type WebhookEvent = (typeof SITE_WEBHOOK_EVENTS)[number]
const iso = (ms: number) => new Date(ms).toISOString()
/** How long a claimed attempt keeps others off the delivery (the attempt times out after 10 s). */
const LEASE_MS = 60_000
const SWEEP_BATCH = 100
const SWEEP_PARALLEL = 5

export const newWebhookSecret = () => `whsec_${randomBytes(24).toString('base64url')}`

export const webhookView = (endpoint: SiteWebhookEndpoint): z.output<typeof SiteWebhookView> => ({
  id: endpoint.endpointId,
  url: endpoint.url,
  // A set comes back in any order: the events in their documented order.
  events: SITE_WEBHOOK_EVENTS.filter((event) => endpoint.events.includes(event)),
  enabled: endpoint.enabled,
  secretPrefix: endpoint.secret.slice(0, 'whsec_'.length + 4),
  createdAt: endpoint.createdAt,
  updatedAt: endpoint.updatedAt,
})

export const deliveryView = (delivery: SiteWebhookDelivery): z.output<typeof SiteWebhookDeliveryView> => ({
  id: delivery.deliveryId,
  eventId: delivery.eventId,
  event: delivery.event,
  state: delivery.state,
  attempts: delivery.attempts,
  nextAttemptAt: delivery.state === 'PENDING' ? delivery.dueAt : null,
  lastAttemptAt: delivery.lastAttemptAt ?? null,
  lastStatus: delivery.lastStatus ?? null,
  lastError: delivery.lastError ?? null,
  createdAt: delivery.createdAt,
  updatedAt: delivery.updatedAt,
  payload: delivery.payload,
})

/**
 * A webhook URL the creator may register: absolute, HTTPS (or the one local test receiver), and
 * resolving to public addresses only. Checked again after DNS resolution on every attempt.
 */
export const checkWebhookUrl = async (raw: string): Promise<string> => {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new AppError(400, 'siteApi.webhookUrlInvalid')
  }
  if (url.username || url.password) throw new AppError(400, 'siteApi.webhookUrlInvalid')
  try {
    await resolveTarget(url)
  } catch (error) {
    if (!(error instanceof WebhookTargetError)) throw error
    logger.warn('Webhook endpoint refused', { host: url.hostname, reason: error.reason })
    throw new AppError(400, 'siteApi.webhookUrlInvalid')
  }
  return url.toString()
}

export const endpointsOf = async (siteId: string) =>
  (await SiteWebhookEndpoints.query.endpoint({ siteId }).go({ pages: 'all', consistent: true })).data.sort(
    (a, b) => a.createdAt.localeCompare(b.createdAt),
  )

/** The keys the delivery job needs to find a delivery again. */
export interface DeliveryKey {
  siteId: string
  endpointId: string
  createdAt: string
  deliveryId: string
}
const keyOf = (d: DeliveryKey): DeliveryKey => ({
  siteId: d.siteId,
  endpointId: d.endpointId,
  createdAt: d.createdAt,
  deliveryId: d.deliveryId,
})

/**
 * Records an event of the site: one PENDING delivery per enabled endpoint subscribed to it, due
 * now. Returns their keys (none when no endpoint wants it); the caller starts their first attempts.
 */
export const recordWebhookEvent = async (
  siteId: string,
  event: WebhookEvent,
  data: unknown,
): Promise<DeliveryKey[]> => {
  const endpoints = (await endpointsOf(siteId)).filter((e) => e.enabled && e.events.includes(event))
  if (endpoints.length === 0) return []
  const createdAt = iso(clock.now())
  const eventId = `evt_${randomUUID().replaceAll('-', '')}`
  // The body in the API's conventions (snake_case keys, as the site API answers the same rows).
  const payload = JSON.stringify(keysToSnake({ id: eventId, type: event, createdAt, siteId, data }))
  const items = endpoints.map((endpoint) => ({
    siteId,
    endpointId: endpoint.endpointId,
    deliveryId: randomUUID(),
    eventId,
    event,
    payload,
    createdAt,
    state: 'PENDING' as const,
    dueAt: createdAt,
    windowStart: createdAt,
    attempts: 0,
    updatedAt: createdAt,
  }))
  const { unprocessed } = await SiteWebhookDeliveries.put(items).go()
  if (unprocessed.length) throw new Error(`${unprocessed.length} webhook deliveries were not stored`)
  return items.map(keyOf)
}

const readDelivery = async (key: DeliveryKey) =>
  (await SiteWebhookDeliveries.get(keyOf(key)).go({ consistent: true })).data ?? undefined

/**
 * One attempt of a PENDING delivery, if it is still PENDING and no one else claimed this attempt.
 * Returns the delivery as stored afterwards (undefined when it was not attempted).
 */
export const attemptStoredDelivery = async (
  key: DeliveryKey,
  /** The sweep's instant: a delivery due after it is left (the index it was found by may be stale). */
  { dueBy }: { dueBy?: number } = {},
): Promise<SiteWebhookDelivery | undefined> => {
  const delivery = await readDelivery(key)
  if (delivery?.state !== 'PENDING') return undefined
  if (dueBy !== undefined && Date.parse(delivery.dueAt) > dueBy) return undefined
  const claimedAt = clock.now()
  try {
    await SiteWebhookDeliveries.patch(keyOf(delivery))
      .set({
        state: 'PENDING',
        dueAt: iso(claimedAt + LEASE_MS),
        attempts: delivery.attempts + 1,
        lastAttemptAt: iso(claimedAt),
        updatedAt: iso(claimedAt),
      })
      .where(
        (a, op) =>
          `${op.eq(a.state, 'PENDING')} AND ${op.eq(a.attempts, delivery.attempts)} AND ${op.eq(a.dueAt, delivery.dueAt)}`,
      )
      .go({ response: 'none' })
  } catch (error) {
    if (isConditionFailure(error)) return undefined
    throw error
  }
  const attempts = delivery.attempts + 1
  const endpoint = (
    await SiteWebhookEndpoints.get({ siteId: delivery.siteId, endpointId: delivery.endpointId }).go({
      consistent: true,
    })
  ).data
  let status: number | undefined
  let error: string | undefined
  if (!endpoint?.enabled) {
    error = endpoint ? 'endpoint disabled' : 'endpoint deleted'
  } else {
    const result = await attemptDelivery({
      url: endpoint.url,
      secret: endpoint.secret,
      event: delivery.event,
      deliveryId: delivery.deliveryId,
      body: delivery.payload,
      nowMs: clock.now(),
    })
    status = result.status
    error = result.error
  }
  const now = clock.now()
  const ok = status !== undefined && status >= 200 && status < 300
  const next =
    ok || !endpoint?.enabled || !isRetryable(status)
      ? undefined
      : nextAttemptAt(Date.parse(delivery.windowStart), attempts, now)
  const state = ok ? 'DELIVERED' : next === undefined ? 'FAILED' : 'PENDING'
  const lastError = error?.slice(0, 300)
  const cleared = [
    ...(status === undefined ? (['lastStatus'] as const) : []),
    ...(lastError ? [] : (['lastError'] as const)),
  ]
  const update = SiteWebhookDeliveries.patch(keyOf(delivery)).set({
    state,
    dueAt: iso(next ?? now),
    updatedAt: iso(now),
    ...(status === undefined ? {} : { lastStatus: status }),
    ...(lastError ? { lastError } : {}),
  })
  const saved = await (cleared.length ? update.remove(cleared) : update).go({ response: 'all_new' })
  if (!ok)
    logger.warn('Webhook delivery attempt failed', {
      siteId: delivery.siteId,
      deliveryId: delivery.deliveryId,
      attempts,
      status,
      error,
      state,
    })
  return { ...delivery, ...saved.data }
}

/** Attempts each delivery (keys from `recordWebhookEvent`), never failing the caller. */
export const attemptDeliveries = async (keys: DeliveryKey[]) => {
  await Promise.all(
    keys.map((key) =>
      attemptStoredDelivery(key).catch((error: unknown) =>
        logger.error('Webhook delivery failed to run', { deliveryId: key.deliveryId, error: error as Error }),
      ),
    ),
  )
}

/** The retry sweep: every PENDING delivery due by `at`, a few at a time. */
export const sweepDueDeliveries = async (at = clock.now()) => {
  const outcome = { attempted: 0, delivered: 0, failed: 0 }
  const due = (
    await SiteWebhookDeliveries.query
      .byState({ state: 'PENDING' })
      .lte({ dueAt: iso(at) })
      .go({ limit: SWEEP_BATCH })
  ).data
  for (let i = 0; i < due.length; i += SWEEP_PARALLEL) {
    const results = await Promise.all(
      due.slice(i, i + SWEEP_PARALLEL).map((d) =>
        attemptStoredDelivery(d, { dueBy: at }).catch((error: unknown) => {
          logger.error('Webhook delivery failed to run', { deliveryId: d.deliveryId, error: error as Error })
          return undefined
        }),
      ),
    )
    for (const result of results) {
      if (!result) continue
      outcome.attempted++
      if (result.state === 'DELIVERED') outcome.delivered++
      if (result.state === 'FAILED') outcome.failed++
    }
  }
  return outcome
}

/**
 * A resend: the delivery becomes PENDING again with a fresh 24-hour window, and is attempted now.
 * Returns it as stored after the attempt.
 */
export const resendDelivery = async (delivery: SiteWebhookDelivery): Promise<SiteWebhookDelivery> => {
  const now = iso(clock.now())
  await SiteWebhookDeliveries.patch(keyOf(delivery))
    .set({ state: 'PENDING', dueAt: now, windowStart: now, updatedAt: now })
    .go({ response: 'none' })
  await attemptStoredDelivery(delivery)
  const stored = await readDelivery(delivery)
  if (!stored) throw new Error('The resent delivery is gone')
  return stored
}

/** The endpoint's latest deliveries, newest first. */
export const deliveriesOf = async (siteId: string, endpointId: string, limit: number) =>
  (
    await SiteWebhookDeliveries.query
      .delivery({ siteId, endpointId })
      .go({ order: 'desc', limit, consistent: true })
  ).data

/** Deletes an endpoint and its whole delivery log. */
export const removeEndpoint = async (siteId: string, endpointId: string) => {
  const deliveries = (
    await SiteWebhookDeliveries.query.delivery({ siteId, endpointId }).go({ pages: 'all', consistent: true })
  ).data
  if (deliveries.length) await SiteWebhookDeliveries.delete(deliveries.map(keyOf)).go()
  await SiteWebhookEndpoints.delete({ siteId, endpointId }).go({ response: 'none' })
}
