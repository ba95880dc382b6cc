import * as z from 'zod'
import { lazySchema } from '../lazy-schema.ts'
import type { ClickIdParam } from '../site/attribution.ts'
import { CONVERSION_PLATFORMS } from '../site/conversions-normalise.ts'
import { DEVICE_CLASSES, VITALS_METRICS } from '../site/vitals.ts'
import { SITE_LANGUAGES } from './site-builder.ts'
import { isoDate } from './users.ts'

/**
 * Swipe analytics reports (SPEC §2 Analytics, §7 Analysis; docs/decisions/0033-swipe-analytics-reports.md):
 * `GET /analysis/site/{id}/lp`, `/lp/chart`, `/pages`, `/ranking`, `/sources`, each with `/export-csv`, and
 * the monthly PDF report. Every report reads counters, never raw events.
 */

export const ANALYSIS_LIMITS = {
  /** A ranking needs a grid of at least this many pages (SPEC §9). */
  rankingMinPages: 10,
  /** Rows of each ranking. */
  rankingSize: 10,
  /** Months back the pickers reach, the current month not counted (SPEC §5: not older than one year). */
  monthsBack: 12,
  /** Values of each source kind in the LP report's conversions by source. */
  conversionSourcesSize: 10,
} as const

/** The rankings of a site (SPEC §7): by reach, link-button CTR, conversions, CTA-button presses, popups shown. */
export const RANKING_KINDS = ['pv', 'ctr', 'cv', 'ctaButton', 'popup'] as const
export type RankingKind = (typeof RANKING_KINDS)[number]

/** A month, YYYY-MM. */
export const isoMonth = /* @__PURE__ */ lazySchema(() =>
  z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'validation.invalid' }),
)

/**
 * A report's period: Japanese calendar days, both inclusive (default: the current month up to
 * today), optionally one content language (default: all of the site's). The server checks the
 * dates against today (no future, not older than one year: SPEC §5).
 */
export const AnalysisQuery = /* @__PURE__ */ lazySchema(() =>
  z
    .object({
      from: isoDate.optional(),
      to: isoDate.optional(),
      lang: z.enum(SITE_LANGUAGES).optional(),
    })
    .superRefine((value, ctx) => {
      if (value.from && value.to && value.to < value.from)
        ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.dateRangeOrder' })
    }),
)
export type AnalysisInput = z.output<typeof AnalysisQuery>

/** The chart's query: the period and its unit (a point per day or per month). */
export const AnalysisChartQuery = /* @__PURE__ */ lazySchema(() =>
  z
    .object({
      from: isoDate.optional(),
      to: isoDate.optional(),
      lang: z.enum(SITE_LANGUAGES).optional(),
      unit: z.enum(['day', 'month']).default('day'),
    })
    .superRefine((value, ctx) => {
      if (value.from && value.to && value.to < value.from)
        ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.dateRangeOrder' })
    }),
)

/** The monthly report's query: the month (default: the current one) and an optional language. */
export const AnalysisReportQuery = /* @__PURE__ */ lazySchema(() =>
  z.object({
    month: isoMonth.optional(),
    lang: z.enum(SITE_LANGUAGES).optional(),
  }),
)

const Period = /* @__PURE__ */ lazySchema(() => z.object({ from: z.string(), to: z.string() }))

const AnalysisSite = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    rows: z.number(),
    columns: z.number(),
    languages: z.array(z.string()),
  }),
)

/** The head every report answers with: the site, the period and the period compared with. */
const head = /* @__PURE__ */ lazySchema(() => ({
  site: AnalysisSite,
  period: Period,
  previous: Period,
  lang: z.string().nullable(),
}))

/** One KPI: its value in the period, in the previous period, and the relative change (null: nothing before). */
export const KpiSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    value: z.number(),
    previous: z.number(),
    change: z.number().nullable(),
  }),
)
export type Kpi = z.output<typeof KpiSchema>

export const LP_KPIS = [
  'pv',
  'uniqueVisitors',
  'avgDwellMs',
  'medianDwellMs',
  'swipesPerVisit',
  'linkCtr',
  'ctaClicks',
  'conversions',
  'cvr',
] as const
export type LpKpi = (typeof LP_KPIS)[number]

/**
 * The ad platforms a landing URL's click ids name (issue 32 Deliver 6): conversions are counted by
 * the platform, never by the id's value.
 */
export const AD_CLICK_PLATFORMS = ['google-ads', 'meta-ads', 'tiktok-ads', 'line-ads'] as const
export type AdClickPlatform = (typeof AD_CLICK_PLATFORMS)[number]
export const AD_CLICK_PLATFORM_OF: Record<ClickIdParam, AdClickPlatform> = {
  gclid: 'google-ads',
  gbraid: 'google-ads',
  wbraid: 'google-ads',
  fbclid: 'meta-ads',
  ttclid: 'tiktok-ads',
  ldtag_cl: 'line-ads',
}

/**
 * One source value's landing views and conversions over the period (`''`: direct, `SOURCE_OTHER`:
 * past the cap of distinct values), and the conversion rate: conversions ÷ landing views of the
 * value, null without landing views.
 */
export const ConversionSourceRowSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    value: z.string(),
    visits: z.number(),
    conversions: z.number(),
    cvr: z.number().nullable(),
  }),
)
export type ConversionSourceRow = z.output<typeof ConversionSourceRowSchema>

/**
 * Conversions by where the visit came from (every language: sources are counted per visit), the
 * top `ANALYSIS_LIMITS.conversionSourcesSize` values of each kind by conversions, then landing
 * views; and by the ad platform of the landing's click ids (their landing views are not known).
 */
export const ConversionSourcesSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    referrers: z.array(ConversionSourceRowSchema),
    utmSource: z.array(ConversionSourceRowSchema),
    utmMedium: z.array(ConversionSourceRowSchema),
    utmCampaign: z.array(ConversionSourceRowSchema),
    adPlatforms: z.array(z.object({ platform: z.enum(AD_CLICK_PLATFORMS), conversions: z.number() })),
  }),
)
export type ConversionSources = z.output<typeof ConversionSourcesSchema>

/**
 * One server-side destination's deliveries created in the period (test-mode ones left out): by
 * state, and the delivery rate delivered ÷ (delivered + failed), null while none has ended.
 */
export const DeliveryRateSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    platform: z.enum(CONVERSION_PLATFORMS),
    delivered: z.number(),
    failed: z.number(),
    pending: z.number(),
    rate: z.number().nullable(),
  }),
)
export type DeliveryRate = z.output<typeof DeliveryRateSchema>

/** GET /analysis/site/{id}/lp */
export const LpReportSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    ...head,
    kpis: z.object(Object.fromEntries(LP_KPIS.map((k) => [k, KpiSchema])) as Record<LpKpi, typeof KpiSchema>),
    conversionSources: ConversionSourcesSchema,
    /** Each destination with a delivery in the period, in `CONVERSION_PLATFORMS` order. */
    deliveries: z.array(DeliveryRateSchema),
  }),
)
export type LpReport = z.output<typeof LpReportSchema>

export const ChartPointSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    /** YYYY-MM-DD or YYYY-MM. */
    date: z.string(),
    pv: z.number(),
    uniqueVisitors: z.number(),
    swipes: z.number(),
    linkClicks: z.number(),
    conversions: z.number(),
  }),
)
export type ChartPoint = z.output<typeof ChartPointSchema>

/** GET /analysis/site/{id}/lp/chart */
export const ChartReportSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    ...head,
    unit: z.enum(['day', 'month']),
    points: z.array(ChartPointSchema),
  }),
)
export type ChartReport = z.output<typeof ChartReportSchema>

/** Swipes leaving a creative by direction: up, down, left, right, jump (menu, link). */
export const DirectionsSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    up: z.number(),
    down: z.number(),
    left: z.number(),
    right: z.number(),
    jump: z.number(),
  }),
)

/** One creative (cell and language) over the period. */
export const PageRowSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    position: z.string(),
    lang: z.string(),
    /** Visits that reached the creative (each once). */
    reach: z.number(),
    /** Reach over the visits of the language (the landing creative = 1 when every visit lands there). */
    reachRate: z.number(),
    views: z.number(),
    avgDwellMs: z.number(),
    medianDwellMs: z.number(),
    exits: z.number(),
    exitRate: z.number(),
    clicks: z.object({ link: z.number(), product: z.number(), sns: z.number(), cta: z.number() }),
    linkCtr: z.number(),
    productsOpened: z.number(),
    popupsShown: z.number(),
    conversions: z.number(),
    /** Swipes leaving the creative by direction (counts). */
    swipes: DirectionsSchema,
  }),
)
export type PageRow = z.output<typeof PageRowSchema>

/** GET /analysis/site/{id}/pages */
export const PagesReportSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    ...head,
    /** The visits of the period (landing views), the reach rates' base. */
    visits: z.number(),
    rows: z.array(PageRowSchema),
    /** Each creative's thumbnail (a short-lived URL) of the language asked for, else the default one. */
    thumbnails: z.array(z.object({ position: z.string(), url: z.string() })),
  }),
)
export type PagesReport = z.output<typeof PagesReportSchema>

export const RankRowSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    rank: z.number(),
    position: z.string(),
    value: z.number(),
  }),
)
export type RankRow = z.output<typeof RankRowSchema>

/** GET /analysis/site/{id}/ranking: empty lists with `available: false` below 10 pages (SPEC §8). */
export const RankingReportSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    ...head,
    /** The grid has at least 10 pages: rankings are computed. */
    available: z.boolean(),
    pages: z.number(),
    minPages: z.number(),
    rankings: z.object(
      Object.fromEntries(RANKING_KINDS.map((k) => [k, z.array(RankRowSchema)])) as Record<
        RankingKind,
        z.ZodArray<typeof RankRowSchema>
      >,
    ),
  }),
)
export type RankingReport = z.output<typeof RankingReportSchema>

/**
 * The source value of the visits past the per-site, per-day cap of distinct values (issue 29):
 * upper case, so no real value (stored lower case) can be it. Shown as 「その他」/ Other.
 */
export const SOURCE_OTHER = 'OTHER'

/** A source value's landing views and the conversions of visits that came from it. */
export const SourceRowSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ value: z.string(), visits: z.number(), conversions: z.number() }),
)

/** GET /analysis/site/{id}/sources: landing views by referrer host and UTM value. */
export const SourcesReportSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    ...head,
    visits: z.number(),
    referrers: z.array(SourceRowSchema),
    utmSource: z.array(SourceRowSchema),
    utmMedium: z.array(SourceRowSchema),
    utmCampaign: z.array(SourceRowSchema),
  }),
)
export type SourcesReport = z.output<typeof SourcesReportSchema>

/** One Web Vital of one device class over the period: its samples and its p75 with the rating. */
export const VitalsMetricRowSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    metric: z.enum(VITALS_METRICS),
    samples: z.number(),
    /** Milliseconds (CLS unitless), read from the histogram: within `relativeError` of the exact p75. */
    p75: z.number().nullable(),
    rating: z.enum(['good', 'needsImprovement', 'poor']).nullable(),
  }),
)

/**
 * A site's field Web Vitals over the period (docs/decisions/0071-field-web-vitals.md): every
 * language together, per device class the p75 of LCP, INP, CLS and TTFB of the sampled visits.
 */
export const VitalsReportSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    ...head,
    devices: z.array(
      z.object({
        device: z.enum(DEVICE_CLASSES),
        metrics: z.array(VitalsMetricRowSchema),
      }),
    ),
    /** The largest relative error of a p75 above 1 ms (CLS 0.001): the histogram's bucket width. */
    relativeError: z.number(),
  }),
)
export type VitalsReport = z.output<typeof VitalsReportSchema>

/**
 * The platform dashboard's Web Vitals figure: of the scope's sites with enough samples over the
 * last 28 days (`minSamples` of LCP and of CLS), how many pass all three Core Web Vitals at p75.
 */
export const VitalsDashboardSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    days: z.number(),
    from: z.string(),
    to: z.string(),
    minSamples: z.number(),
    /** Sites with enough samples. */
    judged: z.number(),
    passing: z.number(),
    /** Sites with some samples, but too few to judge. */
    unjudged: z.number(),
    /** passing ÷ judged; null when no site is judged. */
    share: z.number().nullable(),
  }),
)
export type VitalsDashboard = z.output<typeof VitalsDashboardSchema>
