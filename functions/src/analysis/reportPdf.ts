import { translate } from '@swipe/shared'
import { analysisRoutes } from '@swipe/shared/contract/analysis'
import { monthEnd } from '@swipe/shared/time/calendar'
import { jstDay } from '@swipe/shared/time/jst'
import { ValidationError } from '#edge/errors'
import { endpoint, ok } from '#edge/http'
import { adminOf } from '#edge/tenancy'
import { platform } from '#platform'
import * as clock from '#platform/services/clock'
import { logger } from '#platform/services/logger'
import { monthExperiments } from './experiments.ts'
import { earliestDay } from './period.ts'
import { cellsOf, chartReport, lpReport, pagesReport, rankingReport, reportContext } from './service.ts'

/**
 * GET /analysis/site/{id}/report/export-pdf?month=YYYY-MM: the monthly report (default: this
 * month so far) compared with the month before, as a PDF in the caller's UI language. JSON with
 * the file base64-encoded (the API answers JSON or text; a report is a few hundred KB).
 */
export const handler = endpoint(
  analysisRoutes['analysis.reportPdf'],
  async ({ actor, params, query, locale }) => {
    const today = jstDay(clock.now())
    const month = query.month ?? today.slice(0, 7)
    // SPEC §5: no future month, not older than one year.
    if (month > today.slice(0, 7))
      throw new ValidationError([{ path: 'query.month', code: 'validation.futureMonth' }])
    if (`${month}-01` < earliestDay(today))
      throw new ValidationError([{ path: 'query.month', code: 'validation.tooOld' }])
    const context = await reportContext(actor, params.id, {
      from: `${month}-01`,
      to: monthEnd(month),
      lang: query.lang,
    })
    const cells = await cellsOf(context)
    const [lp, chart, pages, ranking] = await Promise.all([
      lpReport(context),
      chartReport(context, 'day'),
      pagesReport(context, cells),
      rankingReport(context, cells),
    ])
    // The site's A/B tests that ran during the month (issue 34), in the report's language.
    const experiments = await monthExperiments(context.site.siteId, month, (key, params) =>
      translate(locale, key, params),
    )
    const pdf = await platform().documents.render({
      kind: 'monthlyReport',
      report: { lp, chart, pages, ranking, experiments },
      locale,
      now: clock.now(),
    })
    logger.info('Analytics report exported', {
      accountId: adminOf(actor).accountId,
      siteId: context.site.siteId,
      month,
    })
    return ok({
      // A report of one language is named for it (analysis-2026-11-JP.pdf), as its first page says.
      fileName: `analysis-${month}${query.lang ? `-${query.lang}` : ''}.pdf`,
      contentType: 'application/pdf' as const,
      base64: pdf.toString('base64'),
    })
  },
)
