import type { AnalyticsEvent } from '@swipe/shared'
import { jstDay } from '@swipe/shared/time/jst'
import { SiteStats, STAT_METRICS, type StatField, statField } from '#data/analytics'
import { type SiteRow as Site, Sites } from '#data/sites'
import * as clock from '#lib/clock'
import { cellWritesOf, counterKey, counts } from './counters.ts'

/**
 * Analytics counters (ARCHITECTURE decision 7; docs/data-model.md "Analytics counters"): beacons
 * become per-site, per-day (Asia/Tokyo), per-creative counters changed only by DynamoDB `ADD`.
 * Reports read counters, never raw events.
 */

/** Partitions one site's day is spread over (a random one per request); readers sum them. */
export const STATS_SHARDS = 4

export interface RecordResult {
  counted: number
  ignored: number
}

/** How long a published site's lookup is reused by one Lambda instance (see `publishedSites`). */
export const SITE_CACHE_MS = 5_000
const siteCache = new Map<string, { site: Site; until: number }>()

/**
 * The sites of a request, reusing a published site's item read in the last `SITE_CACHE_MS` (a
 * busy site's beacons then cost no read): one batch get of the others. Only published sites are
 * kept, so a site counts from the moment it is published; a site unpublished (or its grid or
 * languages changed) may still count for those few seconds in an instance that read it before.
 */
const publishedSites = async (siteIds: readonly string[], now: number): Promise<Map<string, Site>> => {
  const sites = new Map<string, Site>()
  const missing: string[] = []
  for (const siteId of siteIds) {
    const cached = siteCache.get(siteId)
    if (cached && cached.until > now) sites.set(siteId, cached.site)
    else missing.push(siteId)
  }
  if (missing.length) {
    const found = await Sites.get(missing.map((siteId) => ({ siteId }))).go()
    if (siteCache.size > 1_000) siteCache.clear()
    for (const site of found.data) {
      sites.set(site.siteId, site)
      if (site.status === 'PUBLISH') siteCache.set(site.siteId, { site, until: now + SITE_CACHE_MS })
      else siteCache.delete(site.siteId)
    }
  }
  return sites
}

/**
 * Counts valid events: those of published sites, in a language of the site and cells of its
 * grid. Others (a draft, a deleted site, a stale page after a grid change) are ignored, not
 * refused: a beacon cannot act on an answer. The day is the server's in Japan at `now`. One
 * `ADD` per distinct cell (and `*`) of each site, all of them at once (`cellWritesOf`).
 */
export const recordEvents = async (
  events: readonly AnalyticsEvent[],
  now = Date.now(),
): Promise<RecordResult> => {
  const sites = await publishedSites([...new Set(events.map((e) => e.siteId))], clock.now())
  const bySite = new Map<string, AnalyticsEvent[]>()
  let ignored = 0
  for (const event of events) {
    if (!counts(sites.get(event.siteId), event)) {
      ignored++
      continue
    }
    const list = bySite.get(event.siteId)
    if (list) list.push(event)
    else bySite.set(event.siteId, [event])
  }
  const day = jstDay(now)
  const shard = Math.floor(Math.random() * STATS_SHARDS)
  await Promise.all(
    [...bySite].flatMap(([siteId, siteEvents]) =>
      cellWritesOf(siteEvents).map(({ lang, position, adds }) =>
        SiteStats.update({ siteId, day, shard, lang, position })
          .add(adds as Partial<Record<StatField, number>>)
          .go({ response: 'none' }),
      ),
    ),
  )
  return { counted: events.length - ignored, ignored }
}

/**
 * A site's counters of one day (Japan), summed over the shards: `{ 'view#JP#A1': 12, … }`. The
 * internal read the reports will build on; tests use it to check every count.
 */
export const readDailyStats = async (siteId: string, day: string): Promise<Record<string, number>> => {
  const shards = await Promise.all(
    Array.from({ length: STATS_SHARDS }, (_, shard) =>
      SiteStats.query.byDay({ siteId, day, shard }).go({ pages: 'all' }),
    ),
  )
  const totals: Record<string, number> = {}
  for (const { data } of shards)
    for (const stat of data)
      for (const metric of STAT_METRICS) {
        const value = (stat as Record<string, unknown>)[statField(metric)] as number | undefined
        if (value === undefined) continue
        const key = counterKey(metric, stat.lang, stat.position)
        totals[key] = (totals[key] ?? 0) + value
      }
  return totals
}
