import { randomUUID } from 'node:crypto'
import type { ConversionDeliveryView, ConversionDestinationView } from '@swipe/shared/contract/apiAccess'
import { dropNulls } from '@swipe/shared/nulls'
import { CONVERSION_PLATFORMS, type ConversionPlatform } from '@swipe/shared/site/conversions-normalise'
import { enabledDestinations, type SiteConversions, SiteTagsSchema } from '@swipe/shared/site/tags-vendors'
import type * as z from 'zod'
import {
  SiteConversionCredentials,
  SiteConversionDeliveries,
  type SiteConversionDelivery,
} from '#data/site-conversions'
import type { Site } from '#data/sites'
import { InvalidCursorError } from '../edge/errors.ts'
import { isConditionFailure } from '../edge/rate-limit.ts'
import * as clock from '../platform/services/clock.ts'
import { buildConversionRequest, type ConversionOccurrence, isTestMode } from './conversions.ts'

/**
 * The site's server-side conversions (issue 32 Deliver 4; docs/decisions/0062-server-side-conversions.md):
 * which destinations are live, the deliveries a conversion makes, and what the console shows.
 * ./conversions.ts says what each platform is sent, ./conversion-credentials.ts keeps the sealed
 * credentials, ./conversion-attempts.ts sends and retries (the end-user jobs).
 *
 * - A conversion is sent only with the visitor's consent (`granted` on the site's banner), only to
 *   destinations on in the saved settings, in the last publish's notice (`publishedConversions`)
 *   and with credentials, and only when it carries something the platform matches people by.
 * - One delivery per platform and event id (a conditional create): the same occurrence sent twice
 *   (a double click, a retried request) is sent once.
 * - Attempts and retries as the site webhooks' (./site-webhooks.ts): a claimed attempt, the same
 *   backoff for 24 hours, the same per-receiver lanes in the sweep (./delivery-sweep.ts).
 * - A delivery is kept 90 days (DynamoDB TTL); the console shows its state, attempts and the
 *   platform's last message, never its payload (hashed identifiers, the visitor's address).
 */

const iso = (ms: number) => new Date(ms).toISOString()
const KEEP_DAYS = 90
const DAY_MS = 86_400_000
/** Deliveries listed per page in the console. */
export const DELIVERIES_PAGE = 50
/** How many of a platform's deliveries the 30-day rate reads at most. */
const RATE_SCAN = 10_000

export interface ConversionKey {
  siteId: string
  platform: ConversionPlatform
  eventId: string
}
const _keyOf = (d: ConversionKey): ConversionKey => ({
  siteId: d.siteId,
  platform: d.platform,
  eventId: d.eventId,
})

// ---------------------------------------------------------------------------------------------
// Settings and credentials

/** The site's saved conversion settings, read through the site model (none when unreadable). */
export const savedConversions = (site: Pick<Site, 'adTags'>): SiteConversions => {
  const parsed = site.adTags ? SiteTagsSchema.safeParse(dropNulls(site.adTags)) : undefined
  return parsed?.success ? parsed.data.conversions : {}
}

/** The destinations events go to now: on in the saved settings and in the last publish's notice. */
export const liveDestinations = (
  site: Pick<Site, 'adTags' | 'publishedConversions'>,
): ConversionPlatform[] => {
  const published = new Set(site.publishedConversions ?? [])
  return enabledDestinations({ conversions: savedConversions(site) }).filter((p) => published.has(p))
}

export const credentialItems = async (siteId: string) =>
  (await SiteConversionCredentials.query.credentials({ siteId }).go({ pages: 'all', consistent: true })).data

// ---------------------------------------------------------------------------------------------
// Recording a conversion

/**
 * Records a visitor's conversion for the site's destinations: one PENDING delivery per live
 * destination with credentials that the occurrence can be matched on, due now. Nothing without
 * consent. Returns their keys (the caller starts their first attempts in a job).
 */
export const recordConversionEvent = async (
  site: Pick<Site, 'siteId' | 'adTags' | 'publishedConversions'>,
  occurrence: Omit<ConversionOccurrence, 'eventId' | 'at'> & { eventId?: string | undefined },
): Promise<ConversionKey[]> => {
  if (occurrence.context.consent !== 'granted') return []
  const live = liveDestinations(site)
  if (live.length === 0) return []
  const withCredentials = new Set((await credentialItems(site.siteId)).map((c) => c.platform))
  const conversions = savedConversions(site)
  const now = clock.now()
  const o: ConversionOccurrence = { ...occurrence, eventId: occurrence.eventId ?? randomUUID(), at: now }
  const keys: ConversionKey[] = []
  for (const p of live) {
    if (!withCredentials.has(p)) continue
    const request = await buildConversionRequest(p, conversions, o)
    if (!request) continue
    const key = { siteId: site.siteId, platform: p, eventId: o.eventId }
    try {
      await SiteConversionDeliveries.create({
        ...key,
        event: o.event,
        payload: JSON.stringify(request),
        testMode: isTestMode(p, conversions),
        createdAt: iso(now),
        state: 'PENDING',
        dueAt: iso(now),
        attempts: 0,
        updatedAt: iso(now),
        expiresAt: Math.floor((now + KEEP_DAYS * DAY_MS) / 1000),
      }).go({ response: 'none' })
      keys.push(key)
    } catch (error) {
      // The same event id again (a resubmitted request): already recorded, sent once.
      if (!isConditionFailure(error)) throw error
    }
  }
  return keys
}

// ---------------------------------------------------------------------------------------------
// What the console shows

export const deliveryView = (d: SiteConversionDelivery): z.output<typeof ConversionDeliveryView> => ({
  eventId: d.eventId,
  event: d.event,
  state: d.state,
  attempts: d.attempts,
  nextAttemptAt: d.state === 'PENDING' ? d.dueAt : null,
  lastAttemptAt: d.lastAttemptAt ?? null,
  lastStatus: d.lastStatus ?? null,
  lastError: d.lastError ?? null,
  testMode: d.testMode,
  createdAt: d.createdAt,
  updatedAt: d.updatedAt,
})

/** A platform's deliveries since `from` (ISO), test-mode ones included. */
export const deliveriesSince = async (siteId: string, p: ConversionPlatform, from: string, to?: string) =>
  (
    await (to
      ? SiteConversionDeliveries.query
          .byPlatform({ siteId, platform: p })
          .between({ createdAt: from }, { createdAt: to })
      : SiteConversionDeliveries.query.byPlatform({ siteId, platform: p }).gte({ createdAt: from })
    ).go({ pages: 'all', limit: RATE_SCAN })
  ).data

/** Delivered, failed and pending (test mode left out), and delivered ÷ ended. */
export const deliveryRate = (deliveries: readonly Pick<SiteConversionDelivery, 'state' | 'testMode'>[]) => {
  const real = deliveries.filter((d) => !d.testMode)
  const delivered = real.filter((d) => d.state === 'DELIVERED').length
  const failed = real.filter((d) => d.state === 'FAILED').length
  const pending = real.filter((d) => d.state === 'PENDING').length
  return {
    delivered,
    failed,
    pending,
    deliveryRate: delivered + failed ? delivered / (delivered + failed) : null,
  }
}

/** Every platform's destination as the console shows it. */
export const destinationViews = async (
  site: Pick<Site, 'siteId' | 'adTags' | 'publishedConversions'>,
): Promise<z.output<typeof ConversionDestinationView>[]> => {
  const saved = savedConversions(site)
  const published = new Set(site.publishedConversions ?? [])
  const credentials = new Map((await credentialItems(site.siteId)).map((c) => [c.platform, c.updatedAt]))
  const from = iso(clock.now() - 30 * DAY_MS)
  return Promise.all(
    CONVERSION_PLATFORMS.map(async (p) => ({
      platform: p,
      enabled: Boolean(saved[p]),
      published: published.has(p),
      credentialsSet: credentials.has(p),
      credentialsUpdatedAt: credentials.get(p) ?? null,
      testMode: isTestMode(p, saved),
      last30Days: deliveryRate(await deliveriesSince(site.siteId, p, from)),
    })),
  )
}

/** A page of a platform's deliveries, newest first (`cursor` as handed out by the previous page). */
export const deliveriesPage = async (siteId: string, p: ConversionPlatform, cursor: string | undefined) => {
  try {
    const page = await SiteConversionDeliveries.query
      .byPlatform({ siteId, platform: p })
      .go({ order: 'desc', limit: DELIVERIES_PAGE, ...(cursor ? { cursor } : {}) })
    return { items: page.data.map(deliveryView), cursor: page.cursor ?? null }
  } catch (error) {
    if (cursor && /cursor/i.test(String((error as Error).message))) throw new InvalidCursorError()
    throw error
  }
}
