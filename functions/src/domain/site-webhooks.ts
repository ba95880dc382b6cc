import type { SiteWebhookDeliveryView, SiteWebhookView } from '@swipe/shared/contract/apiAccess'
import { SITE_WEBHOOK_EVENTS } from '@swipe/shared/schemas/site-api'
import type * as z from 'zod'
import {
  SiteWebhookDeliveries,
  type SiteWebhookDelivery,
  type SiteWebhookEndpoint,
  SiteWebhookEndpoints,
} from '#data/site-webhooks'
import { AppError } from '../edge/errors.ts'
import * as clock from '../platform/services/clock.ts'
import { logger } from '../platform/services/logger.ts'
import { OutboundRefused } from '../platform/services/outbound.ts'
import { claimCondition, claimFields, conditional, stillDue, sweepLanes } from './delivery-sweep.ts'
import { type DeliveryKey, iso, keyOf } from './site-webhook-events.ts'
import {
  attemptDelivery,
  type DeliveryErrorCategory,
  isRetryable,
  newWebhookSecret,
  nextAttemptAt,
  resolveTarget,
  storedErrorCategory,
} from './webhooks.ts'

/**
 * The site's webhooks (issue 21 Deliver 6; docs/decisions/0040-site-api.md):
 * endpoints, the deliveries an event makes, and their attempts. `./webhooks.ts` signs and sends
 * one attempt; this module stores what happened and decides what comes next:
 * - an event makes one PENDING delivery per enabled endpoint that subscribes to it, due at once;
 *   the caller hands the first attempts to a job, off the visitor's request;
 * - an attempt first claims the delivery (a conditional write on its attempt count that also moves
 *   its due time a lease ahead), so the job and the sweep never send the same attempt twice;
 * - 2xx: DELIVERED. 408, 429, 5xx, no answer or a refused address: again after the backoff of
 *   `nextAttemptAt`, until 24 hours after the event (or the last resend), then FAILED. Any other
 *   answer (a 4xx: the receiver refuses this event): FAILED at once;
 * - the sweep (`sweepDueDeliveries`, on a schedule) attempts every PENDING delivery that is due,
 *   isolated per endpoint (issue 29): each endpoint's due deliveries are one sequential queue, the
 *   queues run side by side (`SWEEP_PARALLEL` at a time), each queue stops at its budget
 *   (`ENDPOINT_ATTEMPTS`, `ENDPOINT_BUDGET_MS`) or at its first attempt without an answer, so a
 *   slow or dead receiver holds one lane for about one attempt's deadline and never the others;
 * - a resend (`queueResend`) makes the delivery PENDING and due now; its attempt is a job.
 */

/** Due deliveries read per sweep (pages of `SWEEP_PAGE`), so one endpoint's backlog cannot hide the rest. */
const SWEEP_SCAN = 1000
const SWEEP_PAGE = 100
/** Endpoints attempted side by side. */
export const SWEEP_PARALLEL = 10
/** One endpoint's attempts per sweep, and the time after which it starts no other. */
export const ENDPOINT_ATTEMPTS = 10
export const ENDPOINT_BUDGET_MS = 30_000
/** The sweep's schedule (every minute): what a sweep leaves for later is due again at its next run. */
export const SWEEP_INTERVAL_MS = 60_000

export { type DeliveryKey, endpointsOf, recordWebhookEvent } from './site-webhook-events.ts'
export { newWebhookSecret }

/**
 * How long a rotated secret keeps signing beside its successor (issue 30): a day, so a receiver
 * can switch to the new secret while every delivery still verifies with the old one.
 */
export const SECRET_OVERLAP_MS = 24 * 60 * 60_000

/** The secrets that sign a delivery at `now`: the endpoint's own, and the previous one in its overlap. */
export const signingSecrets = (endpoint: SiteWebhookEndpoint, now: number): string[] => [
  endpoint.secret,
  ...(endpoint.previousSecret &&
  endpoint.previousSecretUntil &&
  Date.parse(endpoint.previousSecretUntil) > now
    ? [endpoint.previousSecret]
    : []),
]

/** The previous secret's end, while it still signs; null otherwise. */
const overlapEnd = (endpoint: SiteWebhookEndpoint, now: number): string | null =>
  signingSecrets(endpoint, now).length > 1 ? (endpoint.previousSecretUntil ?? null) : null

const secretPrefix = (secret: string) => secret.slice(0, 'whsec_'.length + 4)

/** An endpoint as the console lists it, with a rotation's overlap as of the clock's now. */
export const webhookView = (endpoint: SiteWebhookEndpoint): z.output<typeof SiteWebhookView> => {
  const until = overlapEnd(endpoint, clock.now())
  return {
    id: endpoint.endpointId,
    url: endpoint.url,
    // A set comes back in any order: the events in their documented order.
    events: SITE_WEBHOOK_EVENTS.filter((event) => endpoint.events.includes(event)),
    enabled: endpoint.enabled,
    secretPrefix: secretPrefix(endpoint.secret),
    previousSecretPrefix: until && endpoint.previousSecret ? secretPrefix(endpoint.previousSecret) : null,
    previousSecretUntil: until,
    createdAt: endpoint.createdAt,
    updatedAt: endpoint.updatedAt,
  }
}

export const deliveryView = (delivery: SiteWebhookDelivery): z.output<typeof SiteWebhookDeliveryView> => ({
  id: delivery.deliveryId,
  eventId: delivery.eventId,
  event: delivery.event,
  state: delivery.state,
  attempts: delivery.attempts,
  nextAttemptAt: delivery.state === 'PENDING' ? delivery.dueAt : null,
  lastAttemptAt: delivery.lastAttemptAt ?? null,
  lastStatus: delivery.lastStatus ?? null,
  // Old deliveries stored the socket's text: shown as a category too, never as stored.
  lastError: delivery.lastError ? storedErrorCategory(delivery.lastError) : null,
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
    if (!(error instanceof OutboundRefused)) throw error
    logger.warn('Webhook endpoint refused', { host: url.hostname, reason: error.reason })
    throw new AppError(400, 'siteApi.webhookUrlInvalid')
  }
  return url.toString()
}

const readDelivery = async (key: DeliveryKey) =>
  (await SiteWebhookDeliveries.get(keyOf(key)).go({ consistent: true })).data ?? undefined

/**
 * One attempt of a PENDING delivery, if it is still PENDING and no one else claimed this attempt.
 * Returns the delivery as stored afterwards (undefined when it was not attempted).
 */
export const attemptStoredDelivery = async (
  key: DeliveryKey,
  {
    dueBy,
    deadlineMs,
  }: {
    /** The sweep's instant: a delivery due after it is left (the index it was found by may be stale). */
    dueBy?: number
    /** The attempt's overall deadline (#domain/webhooks `ATTEMPT_DEADLINE_MS` by default). */
    deadlineMs?: number
  } = {},
): Promise<SiteWebhookDelivery | undefined> => {
  const delivery = await readDelivery(key)
  if (delivery?.state !== 'PENDING') return undefined
  if (dueBy !== undefined && Date.parse(delivery.dueAt) > dueBy) return undefined
  const claimed = await conditional(() =>
    SiteWebhookDeliveries.patch(keyOf(delivery))
      .set(claimFields(delivery, clock.now()))
      .where(claimCondition(delivery))
      .go({ response: 'none' }),
  )
  if (!claimed) return undefined
  const attempts = delivery.attempts + 1
  const endpoint = (
    await SiteWebhookEndpoints.get({ siteId: delivery.siteId, endpointId: delivery.endpointId }).go({
      consistent: true,
    })
  ).data
  let status: number | undefined
  let error: DeliveryErrorCategory | undefined
  let detail: string | undefined
  if (!endpoint?.enabled) {
    error = 'disabled'
    detail = endpoint ? 'endpoint disabled' : 'endpoint deleted'
  } else {
    const result = await attemptDelivery(
      {
        url: endpoint.url,
        secrets: signingSecrets(endpoint, clock.now()),
        event: delivery.event,
        // The event's id: the same on every retry and resend of this delivery.
        messageId: delivery.eventId,
        deliveryId: delivery.deliveryId,
        body: delivery.payload,
        nowMs: clock.now(),
      },
      deadlineMs === undefined ? {} : { deadlineMs },
    )
    status = result.status
    error = result.error
    detail = result.detail
  }
  const now = clock.now()
  const ok = status !== undefined && status >= 200 && status < 300
  const next =
    ok || !endpoint?.enabled || !isRetryable(status)
      ? undefined
      : nextAttemptAt(Date.parse(delivery.windowStart), attempts, now)
  const state = ok ? 'DELIVERED' : next === undefined ? 'FAILED' : 'PENDING'
  // Only the category is stored (and shown); the socket's text is logged below, server-side.
  const lastError = error
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
      detail,
      state,
    })
  const after: SiteWebhookDelivery = { ...delivery, ...saved.data }
  for (const key of cleared) delete after[key]
  return after
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

/** Every PENDING delivery due by `at`, oldest due first, at most `SWEEP_SCAN`. */
const readDue = async (at: number): Promise<SiteWebhookDelivery[]> => {
  const due: SiteWebhookDelivery[] = []
  let cursor: string | null = null
  do {
    const page: { data: SiteWebhookDelivery[]; cursor: string | null } = await SiteWebhookDeliveries.query
      .byState({ state: 'PENDING' })
      .lte({ dueAt: iso(at) })
      .go({ limit: SWEEP_PAGE, ...(cursor ? { cursor } : {}) })
    due.push(...page.data)
    cursor = page.cursor
  } while (cursor && due.length < SWEEP_SCAN)
  return due
}

type DueKey = DeliveryKey & { dueAt: string }

/**
 * Moves deliveries the sweep left (still PENDING and due as it read them) to `dueAt`, behind what
 * is due now, a few writes at a time; one already claimed or changed meanwhile is left alone.
 */
const postponeDeliveries = async (keys: readonly DueKey[], dueAt: number) => {
  for (let i = 0; i < keys.length; i += 25)
    await Promise.all(
      keys.slice(i, i + 25).map((d) =>
        conditional(() =>
          SiteWebhookDeliveries.patch(keyOf(d))
            .set({ state: 'PENDING', dueAt: iso(dueAt) })
            .where(stillDue(d))
            .go({ response: 'none' }),
        ),
      ),
    )
}

/** What the sweep reads, attempts, postpones and times with (injected by its unit test). */
export interface SweepDeps {
  readDue: (at: number) => Promise<DueKey[]>
  attempt: typeof attemptStoredDelivery
  postpone: (keys: readonly DueKey[], dueAt: number) => Promise<void>
  now: () => number
}

/**
 * The retry sweep: every PENDING delivery due by `at`, isolated per endpoint — one sequential
 * queue per endpoint, `SWEEP_PARALLEL` queues at a time, each stopped at its budget or at its
 * first attempt that got no answer. What a stopped queue leaves is postponed, so it never sits at
 * the head of the due index ahead of other endpoints' deliveries (the index is read oldest due
 * first, `SWEEP_SCAN` at most): past the budget to the next sweep, after no answer to the failed
 * attempt's own retry (a dead receiver's backlog follows its backoff).
 */
export const sweepDueDeliveries = async (
  at = clock.now(),
  { deadlineMs, deps = {} }: { deadlineMs?: number; deps?: Partial<SweepDeps> } = {},
) => {
  const {
    readDue: read,
    attempt,
    postpone,
    now,
  }: SweepDeps = {
    readDue,
    attempt: attemptStoredDelivery,
    postpone: postponeDeliveries,
    now: clock.now,
    ...deps,
  }
  return sweepLanes(
    await read(at),
    at,
    {
      parallel: SWEEP_PARALLEL,
      attempts: ENDPOINT_ATTEMPTS,
      budgetMs: ENDPOINT_BUDGET_MS,
      intervalMs: SWEEP_INTERVAL_MS,
    },
    {
      lane: (d) => `${d.siteId}#${d.endpointId}`,
      attempt: (d) => attempt(keyOf(d), { dueBy: at, ...(deadlineMs === undefined ? {} : { deadlineMs }) }),
      postpone,
      now,
      label: 'Webhook',
    },
  )
}

/**
 * A resend: the delivery becomes PENDING again, due now, with a fresh 24-hour window; the caller
 * hands its attempt to a job (the API answers at once, whatever the receiver does). Returns it as
 * stored.
 */
export const queueResend = async (delivery: SiteWebhookDelivery): Promise<SiteWebhookDelivery> => {
  const now = iso(clock.now())
  const saved = await SiteWebhookDeliveries.patch(keyOf(delivery))
    .set({ state: 'PENDING', dueAt: now, windowStart: now, updatedAt: now })
    .go({ response: 'all_new' })
  return { ...delivery, ...saved.data }
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
