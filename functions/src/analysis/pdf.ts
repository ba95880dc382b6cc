import { createRequire } from 'node:module'
import {
  type ChartReport,
  type Locale,
  LP_KPIS,
  type LpKpi,
  type LpReport,
  type PagesReport,
  RANKING_KINDS,
  type RankingReport,
  SOURCE_OTHER,
  translate,
} from '@swipe/shared'
import type { ExperimentView } from '@swipe/shared/contract/experiments'
import { cellReference } from '@swipe/shared/site/cells'
import { jstMinute } from '@swipe/shared/time/jst'
import PDFDocument from 'pdfkit'
import { platformEnv } from '#platform/env'

/**
 * The monthly report as PDF (issue 17 Deliver 5): A4, in the creator's UI language, Noto Sans JP
 * embedded (pdfkit subsets the TTF to the glyphs used, CJK included). A language whose texts the
 * font cannot draw (Korean: Hangul is not in Noto Sans JP) is written in Japanese instead.
 * `ANALYSIS_FONT_PATH` (else `INVOICE_FONT_PATH`) names the TTF where the package is not beside
 * the code (a Lambda bundle copies it); otherwise it is resolved from npm.
 */
export const fontPath = (): string =>
  platformEnv().ANALYSIS_FONT_PATH ||
  platformEnv().INVOICE_FONT_PATH ||
  createRequire(import.meta.url).resolve(
    '@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf',
  )

/** The reports a PDF is drawn from. */
export interface MonthlyReport {
  lp: LpReport
  chart: ChartReport
  pages: PagesReport
  ranking: RankingReport
  /** The site's A/B tests that ran during the month (issue 34), as the console shows them; absent in older requests. */
  experiments?: ExperimentView[]
}

const KPI_TEXT: Record<LpKpi, (value: number) => string> = {
  pv: (v) => v.toLocaleString('en-US'),
  uniqueVisitors: (v) => v.toLocaleString('en-US'),
  avgDwellMs: (v) => `${(v / 1000).toFixed(1)}s`,
  medianDwellMs: (v) => `${(v / 1000).toFixed(1)}s`,
  swipesPerVisit: (v) => v.toFixed(2),
  linkCtr: (v) => `${(v * 100).toFixed(2)}%`,
  ctaClicks: (v) => v.toLocaleString('en-US'),
  conversions: (v) => v.toLocaleString('en-US'),
  cvr: (v) => `${(v * 100).toFixed(2)}%`,
}

const changeText = (change: number | null) =>
  change === null ? '—' : `${change > 0 ? '+' : ''}${(change * 100).toFixed(1)}%`

/** A colour from white to the brand's dark teal by a share 0…1. */
const heat = (share: number): [number, number, number] => {
  const t = Math.min(Math.max(share, 0), 1)
  return [Math.round(255 - t * 215), Math.round(255 - t * 130), Math.round(255 - t * 120)]
}

export const renderMonthlyPdf = (report: MonthlyReport, asked: Locale, now: number): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const pdf = new PDFDocument({
      size: 'A4',
      margin: 40,
      info: {
        Title: [report.lp.site.name, report.lp.period.from.slice(0, 7), report.lp.lang]
          .filter(Boolean)
          .join(' '),
        Author: 'Swipe LP Studio',
      },
    })
    const chunks: Buffer[] = []
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk))
    pdf.on('end', () => resolve(Buffer.concat(chunks)))
    pdf.on('error', reject)
    pdf.registerFont('jp', fontPath())
    pdf.font('jp')
    // Korean needs Hangul, which Noto Sans JP lacks: such a report is written in Japanese.
    const locale: Locale = asked === 'ko' ? 'ja' : asked
    const t = (key: string, params?: Record<string, string | number>) => translate(locale, key, params)

    const left = 40
    const width = pdf.page.width - 80
    const { lp, chart, pages, ranking } = report

    pdf.fontSize(18).text(t('analysis.pdf.title'), left, 40, { width })
    pdf.fontSize(10).fillColor('#333')
    pdf.text(t('analysis.pdf.site', { name: lp.site.name }), { width })
    // A report of one language says so: its figures are that language's visitors only.
    pdf.text(
      t('analysis.pdf.language', {
        language: lp.lang ? t(`analysis.lang.${lp.lang}`) : t('analysis.pdf.allLanguages'),
      }),
      { width },
    )
    pdf.text(
      t('analysis.pdf.period', {
        from: lp.period.from,
        to: lp.period.to,
        previousFrom: lp.previous.from,
        previousTo: lp.previous.to,
      }),
      { width },
    )
    pdf.text(t('analysis.pdf.generated', { date: jstMinute(new Date(now).toISOString()) }), { width })
    pdf.moveDown(0.8)

    // KPIs with the month-over-month change.
    pdf.fillColor('#000').fontSize(13).text(t('analysis.pdf.kpis'), left, pdf.y, { width })
    pdf.moveDown(0.3)
    const columns = [left, left + 200, left + 310, left + 420]
    pdf.fontSize(9).fillColor('#555')
    const headY = pdf.y
    pdf.text(t('analysis.col.metric'), columns[0], headY)
    pdf.text(t('analysis.col.value'), columns[1], headY)
    pdf.text(t('analysis.col.previous'), columns[2], headY)
    pdf.text(t('analysis.col.change'), columns[3], headY)
    pdf.fillColor('#000').fontSize(10)
    for (const kpi of LP_KPIS) {
      const y = pdf.y + 3
      const { value, previous, change } = lp.kpis[kpi]
      pdf.text(t(`analysis.kpi.${kpi}`), columns[0], y, { width: 190 })
      pdf.text(KPI_TEXT[kpi](value), columns[1], y)
      pdf.text(KPI_TEXT[kpi](previous), columns[2], y)
      pdf.text(changeText(change), columns[3], y)
    }
    pdf.moveDown(1)

    // The daily visits (page loads) as bars.
    pdf.fontSize(13).text(t('analysis.pdf.chart'), left, pdf.y, { width })
    const chartTop = pdf.y + 6
    const chartHeight = 110
    const max = Math.max(1, ...chart.points.map((p) => p.pv))
    const step = width / Math.max(chart.points.length, 1)
    pdf.lineWidth(0.5).strokeColor('#999')
    pdf
      .moveTo(left, chartTop + chartHeight)
      .lineTo(left + width, chartTop + chartHeight)
      .stroke()
    chart.points.forEach((point, index) => {
      const height = (point.pv / max) * chartHeight
      pdf
        .rect(left + index * step + 1, chartTop + chartHeight - height, Math.max(step - 2, 1), height)
        .fill('#2a7a78')
    })
    pdf.fillColor('#555').fontSize(7)
    pdf.text(String(max), left, chartTop - 2)
    if (chart.points.length) {
      pdf.text(chart.points[0]!.date, left, chartTop + chartHeight + 3)
      pdf.text(chart.points.at(-1)!.date, left + width - 60, chartTop + chartHeight + 3, {
        width: 60,
        align: 'right',
      })
    }
    pdf.fillColor('#000')
    pdf.y = chartTop + chartHeight + 18

    // The grid heatmap: each creative coloured by its reach rate (languages together).
    pdf.fontSize(13).text(t('analysis.pdf.heatmap'), left, pdf.y, { width })
    const rows = pages.site.rows
    const cols = pages.site.columns
    const reach = new Map<string, number>()
    for (const row of pages.rows) reach.set(row.position, (reach.get(row.position) ?? 0) + row.reach)
    const cell = Math.min(width / cols, 240 / rows, 60)
    const gridTop = pdf.y + 6
    for (let r = 0; r < rows; r++)
      for (let c = 0; c < cols; c++) {
        const position = cellReference(r, c)
        const share = pages.visits > 0 ? (reach.get(position) ?? 0) / pages.visits : 0
        const x = left + c * cell
        const y = gridTop + r * cell
        pdf.rect(x, y, cell - 2, cell - 2).fill(heat(share))
        pdf.fillColor(share > 0.6 ? '#fff' : '#000').fontSize(Math.min(8, cell / 4))
        pdf.text(position, x + 2, y + 2, { width: cell - 6, lineBreak: false })
        pdf.text(`${Math.round(share * 100)}%`, x + 2, y + cell / 2, { width: cell - 6, lineBreak: false })
      }
    pdf.fillColor('#000')
    pdf.y = gridTop + rows * cell + 10

    // Rankings, or why there are none.
    if (pdf.y > pdf.page.height - 200) pdf.addPage()
    pdf.fontSize(13).text(t('analysis.pdf.rankings'), left, pdf.y, { width })
    pdf.fontSize(9)
    if (!ranking.available) {
      pdf.text(t('analysis.ranking.notEnoughPages', { min: ranking.minPages }), left, pdf.y + 4, { width })
    } else {
      const third = width / 3
      const top = pdf.y + 4
      let firstRowBottom = top
      let lowest = top
      RANKING_KINDS.forEach((kind, index) => {
        const x = left + (index % 3) * third
        const y = index < 3 ? top : firstRowBottom + 8
        pdf.fontSize(10).text(t(`analysis.ranking.${kind}`), x, y, { width: third - 8 })
        pdf.fontSize(9)
        const list = ranking.rankings[kind]
        if (!list.length) pdf.text(t('analysis.ranking.noData'), x, pdf.y, { width: third - 8 })
        for (const row of list)
          pdf.text(
            `${row.rank}. ${row.position}  ${kind === 'ctr' ? `${(row.value * 100).toFixed(2)}%` : row.value}`,
            x,
            pdf.y,
            { width: third - 8 },
          )
        lowest = Math.max(lowest, pdf.y)
        if (index < 3) firstRowBottom = lowest
      })
      pdf.y = lowest
    }

    // Conversions by source (every language) and the server-side destinations' delivery rates.
    const rate = (value: number | null) => (value === null ? '—' : `${(value * 100).toFixed(1)}%`)
    const sourceName = (value: string) =>
      value === '' ? t('analysis.source.direct') : value === SOURCE_OTHER ? t('analysis.source.other') : value
    pdf.addPage()
    pdf.fontSize(13).text(t('analysis.pdf.conversionSources'), left, pdf.y, { width })
    const sources = lp.conversionSources
    for (const [list, kind] of [
      ['referrers', 'ref'],
      ['utmSource', 'utmSource'],
      ['utmMedium', 'utmMedium'],
      ['utmCampaign', 'utmCampaign'],
    ] as const) {
      pdf
        .moveDown(0.4)
        .fontSize(10)
        .text(t(`analysis.source.${kind}`), left, pdf.y, { width })
      pdf.fontSize(9)
      if (!sources[list].length)
        pdf.text(t('analysis.ranking.noData'), left + 10, pdf.y, { width: width - 10 })
      for (const row of sources[list])
        pdf.text(
          t('analysis.pdf.conversionSource', {
            value: sourceName(row.value),
            visits: row.visits.toLocaleString('en-US'),
            conversions: row.conversions.toLocaleString('en-US'),
            rate: rate(row.cvr),
          }),
          left + 10,
          pdf.y,
          { width: width - 10 },
        )
    }
    pdf.moveDown(0.4).fontSize(10).text(t('analysis.source.adPlatform'), left, pdf.y, { width })
    pdf.fontSize(9)
    if (!sources.adPlatforms.length)
      pdf.text(t('analysis.ranking.noData'), left + 10, pdf.y, { width: width - 10 })
    for (const row of sources.adPlatforms)
      pdf.text(
        t('analysis.pdf.adPlatformConversions', {
          platform: t(`analysis.adPlatform.${row.platform}`),
          conversions: row.conversions.toLocaleString('en-US'),
        }),
        left + 10,
        pdf.y,
        { width: width - 10 },
      )
    if (pdf.y > pdf.page.height - 140) pdf.addPage()
    pdf.moveDown(1).fontSize(13).text(t('analysis.pdf.deliveries'), left, pdf.y, { width })
    pdf.fontSize(9)
    if (!lp.deliveries.length) pdf.text(t('analysis.pdf.noDeliveries'), left, pdf.y + 4, { width })
    for (const row of lp.deliveries)
      pdf.text(
        t('analysis.pdf.delivery', {
          destination: t(`analysis.destination.${row.platform}`),
          delivered: row.delivered.toLocaleString('en-US'),
          failed: row.failed.toLocaleString('en-US'),
          pending: row.pending.toLocaleString('en-US'),
          rate: rate(row.rate),
        }),
        left + 10,
        pdf.y + 2,
        { width: width - 10 },
      )

    // The month's A/B tests (issue 34): each arm's figures, each variant's lift and the verdict.
    if (pdf.y > pdf.page.height - 160) pdf.addPage()
    pdf.moveDown(1).fontSize(13).text(t('analysis.pdf.experiments'), left, pdf.y, { width })
    pdf.fontSize(9)
    const experiments = report.experiments ?? []
    if (!experiments.length) pdf.text(t('analysis.pdf.noExperiments'), left, pdf.y + 4, { width })
    const points = (value: number) => `${value >= 0 ? '+' : '−'}${Math.abs(value * 100).toFixed(1)}`
    for (const experiment of experiments) {
      if (pdf.y > pdf.page.height - 120) pdf.addPage()
      pdf.moveDown(0.5).fontSize(10).text(experiment.name, left, pdf.y, { width })
      pdf.fontSize(8).fillColor('#555')
      pdf.text(
        t('analysis.pdf.experimentPeriod', {
          from: experiment.startedAt ? jstMinute(experiment.startedAt) : '—',
          to: experiment.endedAt ? jstMinute(experiment.endedAt) : t('analysis.pdf.experimentRunning'),
        }),
        left + 10,
        pdf.y,
        { width: width - 10 },
      )
      pdf.fillColor('#000').fontSize(9)
      for (const arm of experiment.arms)
        pdf.text(
          t('analysis.pdf.experimentArm', {
            arm: arm.label,
            visitors: arm.visitors.toLocaleString('en-US'),
            conversions: arm.conversions.toLocaleString('en-US'),
            rate: rate(arm.rate),
            lift: arm.lift
              ? `${points(arm.lift.absolute)} pt (${points(arm.lift.lower)}〜${points(arm.lift.upper)})`
              : '—',
          }),
          left + 10,
          pdf.y + 1,
          { width: width - 10 },
        )
      pdf.text(experiment.verdict.text, left + 10, pdf.y + 2, { width: width - 10 })
    }
    pdf.end()
  })
