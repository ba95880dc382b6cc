import type {
  ChartReport,
  LpReport,
  PagesReport,
  RankingReport,
  SiteLanguage,
  SourcesReport,
} from '@swipe/shared'
import { siteGrid } from '@swipe/shared/site/cells'
import { addMonths, monthEnd } from '@swipe/shared/time/calendar'
import { jstDay } from '@swipe/shared/time/jst'
import { readyRenditions } from '#data/media-renditions'
import type { SiteItems } from '#data/sites'
import { planOfOwner, requireFeature } from '#domain/plans'
import type { Actor } from '#edge/auth'
import { sitesFor } from '#edge/tenancy'
import * as clock from '#platform/services/clock'
import { presignGet } from '#platform/services/presign'
import { mediaBucket } from '#platform/services/s3'
import { isCurrent } from '../sites/service.ts'
import { chartPoint, conversionSourcesOf, deliveryRatesOf, kpisOf, pageRows, rankingsOf } from './metrics.ts'
import { daysOf, type Period, previousPeriod, resolvePeriod } from './period.ts'
import {
  readCells,
  readDeliveries,
  readPages,
  readPeriodPage,
  readSources,
  type SourceCounts,
} from './read.ts'
import { thumbnailKey } from './thumbnails.ts'

/**
 * The reports of one site (SPEC §7 Analysis): the site is read through the tenant-scoped accessor
 * with the policy's `analytics:read` (another tenant's site is 404), and its owner's plan must
 * include analytics (`analyticsEffect`, 403 `plan.noAnalytics`). Every report reads counters only.
 */

export interface ReportQuery {
  from?: string | undefined
  to?: string | undefined
  lang?: SiteLanguage | undefined
}

/** The site and periods of a report, checked. */
export const reportContext = async (actor: Actor | undefined, siteId: string, query: ReportQuery) => {
  const { site, items } = await sitesFor(actor).load(siteId, 'analytics:read')
  return reportContextOf(site, items, query)
}

/**
 * The periods of a report on a site already loaded and authorised (the console's reports above;
 * the site API's `analytics`, issue 21): the owner's plan must include analytics.
 */
export const reportContextOf = async (
  site: SiteItems['sites'][number],
  items: SiteItems,
  query: ReportQuery,
) => {
  requireFeature(await planOfOwner(site.ownerId), 'analyticsEffect')
  const today = jstDay(clock.now())
  const period = resolvePeriod(query, today)
  const lang = query.lang
  const langs: readonly string[] = lang ? [lang] : site.languages
  return {
    site,
    items,
    today,
    period,
    previous: previousPeriod(period),
    lang,
    langs,
    grid: siteGrid(site),
    head: {
      site: {
        id: site.siteId,
        name: site.name,
        rows: site.numberHorizontal,
        columns: site.numberVertical,
        languages: [...site.languages],
      },
      period,
      previous: previousPeriod(period),
      lang: lang ?? null,
    },
  }
}
export type ReportContext = Awaited<ReturnType<typeof reportContext>>

/**
 * KPIs of the period and of the previous one; the period's conversions by source (every language)
 * and each server-side destination's delivery rate.
 */
export const lpReport = async (context: ReportContext): Promise<LpReport> => {
  const { site, period, previous, today, lang } = context
  const [current, before, sources, deliveries] = await Promise.all([
    readPeriodPage(site.siteId, period, today, lang),
    readPeriodPage(site.siteId, previous, today, lang),
    readSources(site.siteId, period, today),
    readDeliveries(site.siteId, period),
  ])
  return {
    ...context.head,
    kpis: kpisOf(current, before),
    conversionSources: conversionSourcesOf(sources),
    deliveries: deliveryRatesOf(deliveries),
  }
}

/** The months a period touches, in order. */
const monthsOf = ({ from, to }: Period) => {
  const months: string[] = []
  for (let month = from.slice(0, 7); month <= to.slice(0, 7); month = addMonths(month, 1)) months.push(month)
  return months
}

/**
 * A point per day of the period, or per month it touches: a month point is that month's
 * roll-up when the period covers it, else the sum of its days in the period.
 */
export const chartReport = async (context: ReportContext, unit: 'day' | 'month'): Promise<ChartReport> => {
  const { site, period, today, lang } = context
  if (unit === 'day') {
    const days = daysOf(period)
    const totals = await readPages(site.siteId, days, lang)
    return { ...context.head, unit, points: days.map((day) => chartPoint(day, totals.get(day))) }
  }
  const points = await Promise.all(
    monthsOf(period).map(async (month) => {
      // The month's days inside the period (YYYY-MM-DD compares in calendar order).
      const from = period.from.localeCompare(`${month}-01`) > 0 ? period.from : `${month}-01`
      const to = period.to.localeCompare(monthEnd(month)) < 0 ? period.to : monthEnd(month)
      return chartPoint(month, await readPeriodPage(site.siteId, { from, to }, today, lang))
    }),
  )
  return { ...context.head, unit, points }
}

/**
 * Creatives' thumbnails (short-lived URLs) in a language: its creatives', else the default
 * language's; an image or a video's poster (`thumbnailKey`).
 */
const thumbnailsOf = async (context: ReportContext): Promise<Array<{ position: string; url: string }>> => {
  const { site, items } = context
  const preferred = context.lang ?? site.defaultLanguage
  const chosen = new Map<string, (typeof items.creatives)[number]>()
  for (const lang of [site.defaultLanguage, preferred])
    for (const creative of items.creatives)
      if (creative.lang === lang && isCurrent(site, creative) && creative.mediaKey)
        chosen.set(creative.position, creative)
  const records = await readyRenditions(
    site.siteId,
    [...chosen.values()].map((creative) => creative.mediaKey!),
  )
  const keys = [...chosen].flatMap(([position, creative]) => {
    const key = thumbnailKey(creative, records.get(creative.mediaKey!))
    return key ? [[position, key] as const] : []
  })
  return Promise.all(
    keys.map(async ([position, key]) => ({ position, url: await presignGet(mediaBucket, key) })),
  )
}

/** Every cell's counters of the report's period (the per-page table and the rankings read the same). */
export const cellsOf = (context: ReportContext) =>
  readCells(context.site.siteId, context.period, context.today, context.lang)
type Cells = Awaited<ReturnType<typeof cellsOf>>

/** Every creative of the grid, language by language. */
export const pagesReport = async (context: ReportContext, read?: Cells): Promise<PagesReport> => {
  const { grid, langs } = context
  const [cells, thumbnails] = await Promise.all([read ?? cellsOf(context), thumbnailsOf(context)])
  const visits = langs.reduce((sum, l) => sum + (cells.get(`${l}#*`)?.view ?? 0), 0)
  return { ...context.head, visits, rows: pageRows(cells, grid, langs), thumbnails }
}

/** The rankings (empty below 10 pages, SPEC §8). */
export const rankingReport = async (context: ReportContext, read?: Cells): Promise<RankingReport> => {
  const { grid, langs } = context
  if (grid.rows * grid.columns < 10) return { ...context.head, ...rankingsOf(new Map(), grid, langs) }
  return { ...context.head, ...rankingsOf(read ?? (await cellsOf(context)), grid, langs) }
}

/** Visits (and the conversions of those visits) by referrer host and by UTM value, most visits first. */
export const sourcesReport = async (context: ReportContext): Promise<SourcesReport> => {
  const { site, period, today } = context
  const sources = await readSources(site.siteId, period, today)
  const list = (kind: 'ref' | 'utmSource' | 'utmMedium' | 'utmCampaign') =>
    [...(sources.get(kind) ?? new Map<string, SourceCounts>())]
      .map(([value, { visits, conversions }]) => ({ value, visits, conversions }))
      .sort((a, b) => b.visits - a.visits || b.conversions - a.conversions || a.value.localeCompare(b.value))
      .slice(0, 50)
  let visits = 0
  for (const counts of sources.get('ref')?.values() ?? []) visits += counts.visits
  return {
    ...context.head,
    visits,
    referrers: list('ref'),
    utmSource: list('utmSource'),
    utmMedium: list('utmMedium'),
    utmCampaign: list('utmCampaign'),
  }
}
