import { sitesRoutes } from '@swipe/shared/contract/sites'
import { armLabel } from '@swipe/shared/experiments/model'
import { type CsvColumn, csvReply } from '#domain/csv'
import { countsOf, experimentDetail } from '#domain/experiment-results'
import { endpoint } from '#edge/http'
import { sitesFor } from '#edge/tenancy'
import { experimentOf, requireExperiments } from './experiment-service.ts'

const percent = (fraction: number) => Math.round(fraction * 10_000) / 100

/**
 * GET /site/{id}/experiments/{experimentId}/export-csv (issue 34 part 6): the experiment's daily
 * series, one row per day and arm — cumulative visitors and conversions, the rate and, for a
 * variant, its always-valid 95 % interval of the difference in points (UTF-8 BOM, formula-safe).
 */
export const handler = endpoint(sitesRoutes['sites.experimentCsv'], async ({ actor, params, locale, t }) => {
  const site = await sitesFor(actor).get(params.id, 'site:read')
  await requireExperiments(site)
  const experiment = await experimentOf(site.siteId, params.experimentId)
  const detail = experimentDetail(experiment, await countsOf(experiment.experimentId), t)
  type Row = {
    day: string
    arm: number
    visitors: number
    conversions: number
    lower: number | null
    upper: number | null
  }
  const rows: Row[] = detail.series.flatMap((day) =>
    day.arms.map((arm, index) => ({ day: day.day, arm: index, ...arm })),
  )
  const columns: CsvColumn<Row>[] = [
    ['analysis.col.date', (r) => r.day],
    ['experiment.col.arm', (r) => armLabel(r.arm)],
    ['experiment.col.version', (r) => detail.arms[r.arm]?.versionId ?? ''],
    ['experiment.col.visitors', (r) => r.visitors],
    ['experiment.col.conversions', (r) => r.conversions],
    ['experiment.col.rate', (r) => (r.visitors > 0 ? percent(r.conversions / r.visitors) : '')],
    ['experiment.col.lower', (r) => (r.lower === null ? '' : percent(r.lower))],
    ['experiment.col.upper', (r) => (r.upper === null ? '' : percent(r.upper))],
  ]
  return csvReply(`experiment-${experiment.experimentId}`, columns, rows, locale)
})
