import { contextHandler } from '#edge/router'
import * as chart from './chart.ts'
import * as chartCsv from './chartCsv.ts'
import * as lp from './lp.ts'
import * as lpCsv from './lpCsv.ts'
import * as pages from './pages.ts'
import * as pagesCsv from './pagesCsv.ts'
import * as ranking from './ranking.ts'
import * as rankingCsv from './rankingCsv.ts'
import * as reportPdf from './reportPdf.ts'
import * as sources from './sources.ts'
import * as sourcesCsv from './sourcesCsv.ts'
import * as vitals from './vitals.ts'

export const handler = contextHandler('analysis', {
  lp,
  lpCsv,
  chart,
  chartCsv,
  pages,
  pagesCsv,
  ranking,
  rankingCsv,
  sources,
  sourcesCsv,
  vitals,
  vitalsDashboard: { handler: vitals.dashboardHandler },
  reportPdf,
})
