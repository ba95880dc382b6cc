import type { AnalyticsEvent, SiteLanguage } from '@swipe/shared'
import { SiteStats } from '#data/analytics'
import { Sites } from '#data/sites'
import { counterKey, countersOf, counts, jstDay } from './counters.ts'

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

/**
 * Counts valid events: those of published sites, in a language of the site and cells of its
 * grid. Others (a draft, a deleted site, a stale page after a grid change) are ignored, not
 * refused: a beacon cannot act on an answer. The day is the server's in Japan at `now`.
 */
export const recordEvents = async (
  events: readonly AnalyticsEvent[],
  now = Date.now(),
): Promise<RecordResult> => {
  const siteIds = [...new Set(events.map((e) => e.siteId))]
  const found = siteIds.length ? await Sites.get(siteIds.map((siteId) => ({ siteId }))).go() : { data: [] }
  const sites = new Map(found.data.map((s) => [s.siteId, s]))
  const bySite = new Map<string, AnalyticsEvent[]>()
  let ignored = 0
  for (const event of events) {
    if (!counts(sites.get(event.siteId), event)) {
      ignored++
      continue
    }
    bySite.set(event.siteId, [...(bySite.get(event.siteId) ?? []), event])
  }
  const day = jstDay(now)
  const shard = Math.floor(Math.random() * STATS_SHARDS)
  const writes = [...bySite].flatMap(([siteId, siteEvents]) =>
    [...countersOf(siteEvents)].map(([key, amount]) => {
      const [metric, lang, position] = key.split('#') as [string, SiteLanguage, string]
      return SiteStats.update({ siteId, day, shard, metric, lang, position })
        .add({ count: amount })
        .go({ response: 'none' })
    }),
  )
  await Promise.all(writes)
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
    for (const stat of data) {
      const key = counterKey(stat.metric, stat.lang, stat.position)
      totals[key] = (totals[key] ?? 0) + (stat.count ?? 0)
    }
  return totals
}
