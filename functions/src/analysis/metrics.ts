import {
  AD_CLICK_PLATFORMS,
  ANALYSIS_LIMITS,
  type ChartPoint,
  type ConversionSourceRow,
  type ConversionSources,
  type DeliveryRate,
  type Kpi,
  LP_KPIS,
  type LpKpi,
  type PageRow,
  RANKING_KINDS,
  type RankingKind,
  type RankRow,
} from '@swipe/shared'
import { cellOrder, gridCells } from '@swipe/shared/site/cells'
import type { ConversionPlatform } from '@swipe/shared/site/conversions-normalise'
import type { SourceKind } from '#data/analytics-visitors'
import { CONVERSION_KINDS, DWELL_BUCKETS_MS } from '#data/stat-metrics'
import type { DeliveryCounts, SourceCounts, Totals } from './read.ts'

/**
 * The metric definitions of the reports, as pure functions of summed counters (
 * docs/decisions/0033-swipe-analytics-reports.md has them in words). Rates are fractions (0.25 = 25 %),
 * rounded to 4 places; durations whole milliseconds.
 */

const n = (totals: Totals | undefined, field: string) => totals?.[field] ?? 0
const round = (value: number, places = 4) => Math.round(value * 10 ** places) / 10 ** places
/** `a / b`, 0 when there is nothing to divide by. */
const ratio = (a: number, b: number) => (b > 0 ? round(a / b) : 0)

export const conversionsOf = (totals: Totals | undefined) =>
  CONVERSION_KINDS.reduce((sum, kind) => sum + n(totals, `conv_${kind}`), 0)

export const popupsShownOf = (totals: Totals | undefined) =>
  Array.from({ length: 20 }, (_, index) => n(totals, `cta_${index}`)).reduce((a, b) => a + b, 0)

/**
 * The median dwell from the dwell histogram: the bucket holding the middle dwell, interpolated
 * linearly inside it (the open last bucket answers its lower bound, 2 minutes). 0 without dwells.
 */
export const medianDwellMs = (totals: Totals | undefined): number => {
  const counts = Array.from({ length: DWELL_BUCKETS_MS.length + 1 }, (_, i) => n(totals, `dwb_${i}`))
  const total = counts.reduce((a, b) => a + b, 0)
  if (total === 0) return 0
  const half = total / 2
  let below = 0
  for (const [index, count] of counts.entries()) {
    if (below + count >= half && count > 0) {
      const lower = index === 0 ? 0 : DWELL_BUCKETS_MS[index - 1]!
      const upper = DWELL_BUCKETS_MS[index]
      if (upper === undefined) return lower
      return Math.round(lower + ((half - below) / count) * (upper - lower))
    }
    below += count
  }
  return 0
}

/** A page's (or a cell's) values of the LP KPIs. */
export const lpValues = (totals: Totals | undefined): Record<LpKpi, number> => {
  const pv = n(totals, 'view')
  const conversions = conversionsOf(totals)
  return {
    pv,
    uniqueVisitors: n(totals, 'visitor'),
    avgDwellMs: n(totals, 'dwell') > 0 ? Math.round(n(totals, 'dwellMs') / n(totals, 'dwell')) : 0,
    medianDwellMs: medianDwellMs(totals),
    swipesPerVisit: ratio(n(totals, 'swipeOut'), pv),
    linkCtr: ratio(n(totals, 'click_link'), pv),
    ctaClicks: n(totals, 'click_cta'),
    conversions,
    cvr: ratio(conversions, pv),
  }
}

/** The relative change from `previous` to `value`; null when there was nothing before. */
export const changeOf = (value: number, previous: number) =>
  previous === 0 ? null : round((value - previous) / previous)

/** The KPIs of a period against the previous one. */
export const kpisOf = (current: Totals, previous: Totals): Record<LpKpi, Kpi> => {
  const now = lpValues(current)
  const before = lpValues(previous)
  return Object.fromEntries(
    LP_KPIS.map((kpi) => [
      kpi,
      { value: now[kpi], previous: before[kpi], change: changeOf(now[kpi], before[kpi]) },
    ]),
  ) as Record<LpKpi, Kpi>
}

/** A chart point of a day or month. */
export const chartPoint = (date: string, totals: Totals | undefined): ChartPoint => ({
  date,
  pv: n(totals, 'view'),
  uniqueVisitors: n(totals, 'visitor'),
  swipes: n(totals, 'swipeOut'),
  linkClicks: n(totals, 'click_link'),
  conversions: conversionsOf(totals),
})

export interface Grid {
  rows: number
  columns: number
}

/**
 * One creative's row: reach (visits that reached it, each once: landing views and first arrivals
 * by swipe), reach rate over the language's visits, exits (arrivals that did not swipe on:
 * views + swipes in − swipes out) and their rate over arrivals, clicks, CTR over reach, conversions
 * credited to it, swipes leaving it by direction.
 */
export const pageRow = (
  position: string,
  lang: string,
  cell: Totals | undefined,
  visits: number,
): PageRow => {
  const views = n(cell, 'view')
  const arrivals = views + n(cell, 'swipeIn')
  const reach = views + n(cell, 'arrive')
  const exits = Math.max(arrivals - n(cell, 'swipeOut'), 0)
  return {
    position,
    lang,
    reach,
    reachRate: ratio(reach, visits),
    views: arrivals,
    avgDwellMs: n(cell, 'dwell') > 0 ? Math.round(n(cell, 'dwellMs') / n(cell, 'dwell')) : 0,
    medianDwellMs: medianDwellMs(cell),
    exits,
    exitRate: ratio(exits, arrivals),
    clicks: {
      link: n(cell, 'click_link'),
      product: n(cell, 'click_product'),
      sns: n(cell, 'click_sns'),
      cta: n(cell, 'click_cta'),
    },
    linkCtr: ratio(n(cell, 'click_link'), reach),
    productsOpened: n(cell, 'product'),
    popupsShown: popupsShownOf(cell),
    conversions: conversionsOf(cell),
    swipes: {
      up: n(cell, 'dir_u'),
      down: n(cell, 'dir_d'),
      left: n(cell, 'dir_l'),
      right: n(cell, 'dir_r'),
      jump: n(cell, 'dir_j'),
    },
  }
}

/** Every creative of the grid in every language given, in page order, language by language. */
export const pageRows = (cells: Map<string, Totals>, grid: Grid, langs: readonly string[]): PageRow[] =>
  langs.flatMap((lang) => {
    const visits = n(cells.get(`${lang}#*`), 'view')
    return gridCells(grid).map((position) =>
      pageRow(position, lang, cells.get(`${lang}#${position}`), visits),
    )
  })

/** A creative's counters over the languages given (rankings rank creatives, not languages). */
const acrossLanguages = (cells: Map<string, Totals>, position: string, langs: readonly string[]): Totals => {
  const total: Totals = {}
  for (const lang of langs)
    for (const [field, value] of Object.entries(cells.get(`${lang}#${position}`) ?? {}))
      total[field] = (total[field] ?? 0) + value
  return total
}

/** What each ranking ranks a creative by. */
const RANKED: Record<RankingKind, (cell: Totals) => number> = {
  pv: (cell) => n(cell, 'view') + n(cell, 'swipeIn'),
  ctr: (cell) => ratio(n(cell, 'click_link'), n(cell, 'view') + n(cell, 'arrive')),
  cv: (cell) => conversionsOf(cell),
  ctaButton: (cell) => n(cell, 'click_cta'),
  popup: (cell) => popupsShownOf(cell),
}

/**
 * The rankings: the top 10 creatives by each measure, only those with a value above 0, ties in
 * page order. A grid of fewer than 10 pages has none (SPEC §8, §9): every list empty, `available`
 * false, and the console says why.
 */
export const rankingsOf = (cells: Map<string, Totals>, grid: Grid, langs: readonly string[]) => {
  const pages = grid.rows * grid.columns
  const available = pages >= ANALYSIS_LIMITS.rankingMinPages
  const totals = gridCells(grid).map((position) => ({
    position,
    cell: acrossLanguages(cells, position, langs),
  }))
  const rankings = Object.fromEntries(
    RANKING_KINDS.map((kind) => {
      if (!available) return [kind, []]
      const rows = totals
        .map(({ position, cell }) => ({ position, value: RANKED[kind](cell) }))
        .filter((row) => row.value > 0)
        .sort(
          (a, b) =>
            b.value - a.value || cellOrder(a.position, grid.columns) - cellOrder(b.position, grid.columns),
        )
        .slice(0, ANALYSIS_LIMITS.rankingSize)
        .map((row, index): RankRow => ({ rank: index + 1, ...row }))
      return [kind, rows]
    }),
  ) as Record<RankingKind, RankRow[]>
  return { available, pages, minPages: ANALYSIS_LIMITS.rankingMinPages, rankings }
}

/**
 * Conversions by source (issue 32 Deliver 6): of each kind, the values with a landing view or a
 * conversion, most conversions first (then most landing views, then by value), the top
 * `ANALYSIS_LIMITS.conversionSourcesSize`, each with its conversion rate over its own landing
 * views (null without any); and the conversions by ad platform of the click ids, most first.
 */
export const conversionSourcesOf = (
  sources: Map<SourceKind, Map<string, SourceCounts>>,
): ConversionSources => {
  const rows = (kind: SourceKind): ConversionSourceRow[] =>
    [...(sources.get(kind) ?? new Map<string, SourceCounts>())]
      .filter(([, { visits, conversions }]) => visits > 0 || conversions > 0)
      .map(([value, { visits, conversions }]) => ({
        value,
        visits,
        conversions,
        cvr: visits > 0 ? round(conversions / visits) : null,
      }))
      .sort((a, b) => b.conversions - a.conversions || b.visits - a.visits || a.value.localeCompare(b.value))
      .slice(0, ANALYSIS_LIMITS.conversionSourcesSize)
  const platforms = sources.get('adPlatform')
  return {
    referrers: rows('ref'),
    utmSource: rows('utmSource'),
    utmMedium: rows('utmMedium'),
    utmCampaign: rows('utmCampaign'),
    adPlatforms: AD_CLICK_PLATFORMS.map((platform) => ({
      platform,
      conversions: platforms?.get(platform)?.conversions ?? 0,
    }))
      .filter((row) => row.conversions > 0)
      .sort((a, b) => b.conversions - a.conversions),
  }
}

/**
 * Each destination's delivery rate: delivered ÷ (delivered + failed), the deliveries still pending
 * not counted; null while none has ended.
 */
export const deliveryRatesOf = (deliveries: Map<ConversionPlatform, DeliveryCounts>): DeliveryRate[] =>
  [...deliveries].map(([platform, { DELIVERED, FAILED, PENDING }]) => ({
    platform,
    delivered: DELIVERED,
    failed: FAILED,
    pending: PENDING,
    rate: DELIVERED + FAILED > 0 ? round(DELIVERED / (DELIVERED + FAILED)) : null,
  }))
