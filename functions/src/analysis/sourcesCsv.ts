import { analysisRoutes } from '@swipe/shared/contract/analysis'
import { endpoint } from '#edge/http'
import { sourcesCsv } from './csv.ts'
import { reportContext, sourcesReport } from './service.ts'

/** The sources report as CSV (UTF-8 with BOM, formula-safe). */
export const handler = endpoint(
  analysisRoutes['analysis.sourcesCsv'],
  async ({ actor, params, query, locale }) =>
    sourcesCsv(await sourcesReport(await reportContext(actor, params.id, query)), locale),
)
