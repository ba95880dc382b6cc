import { analysisRoutes } from '@swipe/shared/contract/analysis'
import { endpoint } from '#edge/http'
import { lpCsv } from './csv.ts'
import { lpReport, reportContext } from './service.ts'

/** The lp report as CSV (UTF-8 with BOM, formula-safe). */
export const handler = endpoint(analysisRoutes['analysis.lpCsv'], async ({ actor, params, query, locale }) =>
  lpCsv(await lpReport(await reportContext(actor, params.id, query)), locale),
)
