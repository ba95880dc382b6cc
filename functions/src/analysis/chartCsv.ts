import { analysisRoutes } from '@swipe/shared/contract/analysis'
import { endpoint } from '#edge/http'
import { chartCsv } from './csv.ts'
import { chartReport, reportContext } from './service.ts'

/** The series as CSV (UTF-8 with BOM, formula-safe). */
export const handler = endpoint(
  analysisRoutes['analysis.chartCsv'],
  async ({ actor, params, query, locale }) =>
    chartCsv(await chartReport(await reportContext(actor, params.id, query), query.unit), locale),
)
