import { daysOf } from '@swipe/shared/billing/months'
import { BillableViews } from '#data/analytics'
import { Sites } from '#data/sites'

/**
 * A site's billable page views of some days: the page documents the edge served (its access log,
 * functions/src/billing/page-views.ts), never the analytics beacons — one query of the site's
 * days (docs/decisions/0048-billable-page-views.md).
 */
export const siteViews = async (siteId: string, days: readonly string[]): Promise<number> => {
  if (!days.length) return 0
  const sorted = [...days].sort()
  const wanted = new Set(days)
  const { data } = await BillableViews.query
    .bySite({ siteId })
    .between({ day: sorted[0]! }, { day: sorted[sorted.length - 1]! })
    .go({ pages: 'all', attributes: ['day', 'views'] })
  return data.reduce((sum, item) => sum + (wanted.has(item.day) ? Number(item.views ?? 0) : 0), 0)
}

export interface Usage {
  sites: number
  /** Creatives (grid cells) of the account's sites: the "blocks used". */
  blocks: number
  /** Billable page views (served by the edge) of the account's sites in the days counted. */
  pageViews: number
}

/**
 * An account's usage of a month: its sites, their blocks (rows × columns) and their billable page
 * views (`siteViews`), up to `untilDay` (YYYY-MM-DD, inclusive) when given.
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
