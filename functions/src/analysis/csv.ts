import {
  type ChartReport,
  type Locale,
  LP_KPIS,
  type LpKpi,
  type LpReport,
  type PageRow,
  type PagesReport,
  RANKING_KINDS,
  type RankingReport,
  SOURCE_OTHER,
  type SourcesReport,
  translate,
} from '@swipe/shared'
import { type CsvColumn, csvReply, csvText } from '#domain/csv'

/**
 * The reports as CSV (UTF-8 with BOM, every cell formula-safe: `csvReply`). Rates are percentages
 * with two decimals, durations seconds with one.
 */

/**
 * A report's file name: its kind and period, and the language when the report is of one (a CSV
 * has no heading to say so). The sources are counted for every language together: no language.
 */
const fileName = (kind: string, report: { period: { from: string; to: string }; lang: string | null }) =>
  `analysis-${kind}-${report.period.from}_${report.period.to}${report.lang ? `-${report.lang}` : ''}`

const percent = (fraction: number) => Math.round(fraction * 10_000) / 100
const seconds = (ms: number) => Math.round(ms / 100) / 10

/** Each KPI's unit and how its value is written. */
const KPI_FORMAT: Record<LpKpi, [unit: string, format: (value: number) => number]> = {
  pv: ['analysis.unit.count', (v) => v],
  uniqueVisitors: ['analysis.unit.count', (v) => v],
  avgDwellMs: ['analysis.unit.seconds', seconds],
  medianDwellMs: ['analysis.unit.seconds', seconds],
  swipesPerVisit: ['analysis.unit.perVisit', (v) => v],
  linkCtr: ['analysis.unit.percent', percent],
  ctaClicks: ['analysis.unit.count', (v) => v],
  conversions: ['analysis.unit.count', (v) => v],
  cvr: ['analysis.unit.percent', percent],
}

/** A source value as the reports write it: direct and other by name. */
const sourceText = (value: string, locale: Locale) =>
  value === ''
    ? translate(locale, 'analysis.source.direct')
    : value === SOURCE_OTHER
      ? translate(locale, 'analysis.source.other')
      : value

const CONVERSION_SOURCE_KINDS = [
  ['referrers', 'ref'],
  ['utmSource', 'utmSource'],
  ['utmMedium', 'utmMedium'],
  ['utmCampaign', 'utmCampaign'],
] as const

/** The conversions by source of the LP report, as rows: each kind's values, then the ad platforms. */
const conversionSourceRows = (report: LpReport, locale: Locale) => [
  ...CONVERSION_SOURCE_KINDS.flatMap(([list, kind]) =>
    report.conversionSources[list].map((row) => ({
      kind: translate(locale, `analysis.source.${kind}`),
      source: sourceText(row.value, locale),
      visits: row.visits as number | '',
      conversions: row.conversions,
      cvr: row.cvr === null ? '' : percent(row.cvr),
    })),
  ),
  ...report.conversionSources.adPlatforms.map((row) => ({
    kind: translate(locale, 'analysis.source.adPlatform'),
    source: translate(locale, `analysis.adPlatform.${row.platform}`),
    visits: '' as const,
    conversions: row.conversions,
    cvr: '',
  })),
]

/**
 * The KPIs; then, after an empty line, the conversions by source (every language) and the delivery
 * rate of each server-side destination, each table with its own header row.
 */
export const lpCsv = (report: LpReport, locale: Locale) => {
  const rows = LP_KPIS.map((kpi) => ({ kpi, ...report.kpis[kpi] }))
  type Row = (typeof rows)[number]
  const columns: CsvColumn<Row>[] = [
    ['analysis.col.metric', (r) => translate(locale, `analysis.kpi.${r.kpi}`)],
    ['analysis.col.unit', (r) => translate(locale, KPI_FORMAT[r.kpi][0])],
    ['analysis.col.value', (r) => KPI_FORMAT[r.kpi][1](r.value)],
    ['analysis.col.previous', (r) => KPI_FORMAT[r.kpi][1](r.previous)],
    ['analysis.col.change', (r) => (r.change === null ? '' : percent(r.change))],
  ]
  type SourceRow = ReturnType<typeof conversionSourceRows>[number]
  const sourceColumns: CsvColumn<SourceRow>[] = [
    ['analysis.col.kind', (r) => r.kind],
    ['analysis.col.source', (r) => r.source],
    ['analysis.col.visits', (r) => r.visits],
    ['analysis.col.conversions', (r) => r.conversions],
    ['analysis.col.cvr', (r) => r.cvr],
  ]
  type DeliveryRow = LpReport['deliveries'][number]
  const deliveryColumns: CsvColumn<DeliveryRow>[] = [
    ['analysis.col.destination', (r) => translate(locale, `analysis.destination.${r.platform}`)],
    ['analysis.col.delivered', (r) => r.delivered],
    ['analysis.col.failed', (r) => r.failed],
    ['analysis.col.pending', (r) => r.pending],
    ['analysis.col.deliveryRate', (r) => (r.rate === null ? '' : percent(r.rate))],
  ]
  const reply = csvReply(fileName('lp', report), columns, rows, locale)
  return {
    ...reply,
    body: [
      reply.body,
      csvText(sourceColumns, conversionSourceRows(report, locale), locale),
      csvText(deliveryColumns, report.deliveries, locale),
    ].join('\r\n'),
  }
}

export const chartCsv = (report: ChartReport, locale: Locale) => {
  type Row = ChartReport['points'][number]
  const columns: CsvColumn<Row>[] = [
    ['analysis.col.date', (r) => r.date],
    ['analysis.kpi.pv', (r) => r.pv],
    ['analysis.kpi.uniqueVisitors', (r) => r.uniqueVisitors],
    ['analysis.chart.swipes', (r) => r.swipes],
    ['analysis.chart.linkClicks', (r) => r.linkClicks],
    ['analysis.kpi.conversions', (r) => r.conversions],
  ]
  return csvReply(fileName('chart', report), columns, report.points, locale)
}

export const pagesCsv = (report: PagesReport, locale: Locale) => {
  const columns: CsvColumn<PageRow>[] = [
    ['analysis.col.lang', (r) => r.lang],
    ['analysis.col.cell', (r) => r.position],
    ['analysis.page.reach', (r) => r.reach],
    ['analysis.page.reachRate', (r) => percent(r.reachRate)],
    ['analysis.page.views', (r) => r.views],
    ['analysis.page.avgDwell', (r) => seconds(r.avgDwellMs)],
    ['analysis.page.medianDwell', (r) => seconds(r.medianDwellMs)],
    ['analysis.page.exits', (r) => r.exits],
    ['analysis.page.exitRate', (r) => percent(r.exitRate)],
    ['analysis.page.clicksLink', (r) => r.clicks.link],
    ['analysis.page.clicksProduct', (r) => r.clicks.product],
    ['analysis.page.clicksSns', (r) => r.clicks.sns],
    ['analysis.page.clicksCta', (r) => r.clicks.cta],
    ['analysis.page.linkCtr', (r) => percent(r.linkCtr)],
    ['analysis.page.productsOpened', (r) => r.productsOpened],
    ['analysis.page.popupsShown', (r) => r.popupsShown],
    ['analysis.kpi.conversions', (r) => r.conversions],
    ['analysis.page.swipeUp', (r) => r.swipes.up],
    ['analysis.page.swipeDown', (r) => r.swipes.down],
    ['analysis.page.swipeLeft', (r) => r.swipes.left],
    ['analysis.page.swipeRight', (r) => r.swipes.right],
    ['analysis.page.swipeJump', (r) => r.swipes.jump],
  ]
  return csvReply(fileName('pages', report), columns, report.rows, locale)
}

/** Every ranking's rows one after the other; a site below 10 pages gets the headers alone. */
export const rankingCsv = (report: RankingReport, locale: Locale) => {
  const rows = RANKING_KINDS.flatMap((kind) => report.rankings[kind].map((row) => ({ kind, ...row })))
  type Row = (typeof rows)[number]
  const columns: CsvColumn<Row>[] = [
    ['analysis.col.ranking', (r) => translate(locale, `analysis.ranking.${r.kind}`)],
    ['analysis.col.rank', (r) => r.rank],
    ['analysis.col.cell', (r) => r.position],
    ['analysis.col.value', (r) => (r.kind === 'ctr' ? percent(r.value) : r.value)],
  ]
  return csvReply(fileName('ranking', report), columns, rows, locale)
}

export const sourcesCsv = (report: SourcesReport, locale: Locale) => {
  const kinds = ['referrers', 'utmSource', 'utmMedium', 'utmCampaign'] as const
  const label = {
    referrers: 'ref',
    utmSource: 'utmSource',
    utmMedium: 'utmMedium',
    utmCampaign: 'utmCampaign',
  }
  const rows = kinds.flatMap((kind) => report[kind].map((row) => ({ kind, ...row })))
  type Row = (typeof rows)[number]
  const columns: CsvColumn<Row>[] = [
    ['analysis.col.kind', (r) => translate(locale, `analysis.source.${label[r.kind]}`)],
    ['analysis.col.source', (r) => sourceText(r.value, locale)],
    ['analysis.col.visits', (r) => r.visits],
    ['analysis.col.conversions', (r) => r.conversions],
  ]
  return csvReply(`analysis-sources-${report.period.from}_${report.period.to}`, columns, rows, locale)
}
