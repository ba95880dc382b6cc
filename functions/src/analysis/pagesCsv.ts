import { analysisRoutes } from '@swipe/shared/contract/analysis'
import { endpoint } from '#edge/http'
import { pagesCsv } from './csv.ts'
import { pagesReport, reportContext } from './service.ts'

/** The pages report as CSV (UTF-8 with BOM, formula-safe). */
export const handler = endpoint(
  analysisRoutes['analysis.pagesCsv'],
  async ({ actor, params, query, locale }) =>
    pagesCsv(await pagesReport(await reportContext(actor, params.id, query)), locale),
)
