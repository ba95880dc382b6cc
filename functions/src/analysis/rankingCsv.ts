import { analysisRoutes } from '@swipe/shared/contract/analysis'
import { endpoint } from '#edge/http'
import { rankingCsv } from './csv.ts'
import { rankingReport, reportContext } from './service.ts'

/** The ranking report as CSV (UTF-8 with BOM, formula-safe). */
export const handler = endpoint(
  analysisRoutes['analysis.rankingCsv'],
  async ({ actor, params, query, locale }) =>
    rankingCsv(await rankingReport(await reportContext(actor, params.id, query)), locale),
)
