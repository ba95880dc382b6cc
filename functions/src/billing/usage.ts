import { daysOf } from '@swipe/shared/billing/months'
import { SiteStats } from '#data/analytics'
import { Sites } from '#data/sites'

/** The analytics counters' shards (functions/src/analytics/service.ts `STATS_SHARDS`). */
const STATS_SHARDS = 4

/** Runs `tasks` with at most `limit` at a time. */
const pooled = async <T>(tasks: Array<() => Promise<T>>, limit = 16): Promise<T[]> => {
  const results: T[] = new Array(tasks.length)
  let next = 0
  await Promise.all(
    Array.from({ length: Math.min(limit, tasks.length) }, async () => {
      while (next < tasks.length) {
        const index = next++
        results[index] = await (tasks[index] as () => Promise<T>)()
      }
    }),
  )
  return results
}

/**
 * A site's page views of some days: the `view` counter of the whole page (`*`) in every language,
 * summed over the days' shards (docs/data-model.md "Analytics counters").
 */
export const siteViews = async (siteId: string, days: readonly string[]): Promise<number> => {
  const counts = await pooled(
    days.flatMap((day) =>
      Array.from({ length: STATS_SHARDS }, (_, shard) => async () => {
        const { data } = await SiteStats.query
          .byDay({ siteId, day, shard })
          .where(({ position }, { eq }) => eq(position, '*'))
          .go({ pages: 'all', attributes: ['view'] })
        return data.reduce((sum, cell) => sum + Number(cell.view ?? 0), 0)
      }),
    ),
  )
  return counts.reduce((a, b) => a + b, 0)
}

export interface Usage {
  sites: number
  /** Creatives (grid cells) of the account's sites: the "blocks used". */
  blocks: number
  /** Page views of the account's sites in the days counted. */
  pageViews: number
}

/**
 * An account's usage of a month: its sites, their blocks (rows × columns) and their page views
 * from the analytics counters, up to `untilDay` (YYYY-MM-DD, inclusive) when given.
 */
export const accountUsage = async (ownerId: string, month: string, untilDay?: string): Promise<Usage> => {
  const { data: sites } = await Sites.query
    .byOwner({ ownerId })
    .go({ pages: 'all', attributes: ['siteId', 'numberHorizontal', 'numberVertical'] })
  const days = daysOf(month).filter((day) => !untilDay || day <= untilDay)
  const views = await Promise.all(sites.map((site) => siteViews(site.siteId, days)))
  return {
    sites: sites.length,
    blocks: sites.reduce((sum, s) => sum + s.numberHorizontal * s.numberVertical, 0),
    pageViews: views.reduce((a, b) => a + b, 0),
  }
}
