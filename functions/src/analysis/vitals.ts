import { scopeRoot } from '@swipe/shared'
import { analysisRoutes } from '@swipe/shared/contract/analysis'
import type { VitalsDashboard, VitalsReport } from '@swipe/shared/schemas/analysis'
import { CORE_VITALS, DEVICE_CLASSES, VITALS_METRICS } from '@swipe/shared/site/vitals'
import {
  VITALS_BOUNDS,
  VITALS_MIN_SAMPLES,
  VITALS_RELATIVE_ERROR,
  VITALS_WINDOW_DAYS,
  type VitalsTally,
  vitalsP75,
  vitalsVerdict,
} from '@swipe/shared/site/vitals-histogram'
import { addDays } from '@swipe/shared/time/calendar'
import { jstDay } from '@swipe/shared/time/jst'
import { ScopeVitals, siteVitals, tallyFields, vitalsField } from '#data/analytics-vitals'
import { ForbiddenError } from '#edge/errors'
import { endpoint, ok } from '#edge/http'
import { adminOf, policyActorOf } from '#edge/tenancy'
import * as clock from '#platform/services/clock'
import type { Period } from './period.ts'
import { type ReportContext, reportContext } from './service.ts'

/**
 * Field Web Vitals reports (docs/decisions/0071-field-web-vitals.md): a site's p75 per metric and
 * device class over a report's period, and the dashboard's share of sites passing Core Web Vitals.
 * Both read counters only (functions/src/data/analytics-vitals.ts).
 */

/** A site's histograms of a period, summed per device class and metric: bucket → samples. */
export const readSiteVitals = async (siteId: string, period: Period) => {
  const { data } = await siteVitals().query.bySite({ siteId }).gte({ day: period.from }).go({ pages: 'all' })
  const sums = new Map<string, Map<number, number>>()
  for (const item of data) {
    if (item.day > period.to) continue
    const row = item as unknown as Record<string, number | undefined>
    for (const metric of VITALS_METRICS) {
      const key = `${item.device}#${metric}`
      const histogram = sums.get(key) ?? new Map<number, number>()
      sums.set(key, histogram)
      VITALS_BOUNDS[metric].forEach((_, bucket) => {
        const count = row[vitalsField(metric, bucket)]
        if (count) histogram.set(bucket, (histogram.get(bucket) ?? 0) + count)
      })
    }
  }
  return sums
}

/** The report: every device class and metric, each with its samples (0: no p75 and no rating). */
export const vitalsReport = async (context: ReportContext): Promise<VitalsReport> => {
  const sums = await readSiteVitals(context.site.siteId, context.period)
  return {
    ...context.head,
    devices: DEVICE_CLASSES.map((device) => ({
      device,
      metrics: VITALS_METRICS.map((metric) => ({
        metric,
        ...vitalsP75(metric, sums.get(`${device}#${metric}`) ?? new Map()),
      })),
    })),
    relativeError: VITALS_RELATIVE_ERROR,
  }
}

/** GET /analysis/site/{id}/vitals: a site's field Web Vitals over the period (every language). */
export const handler = endpoint(analysisRoutes['analysis.vitals'], async ({ actor, params, query }) =>
  ok(await vitalsReport(await reportContext(actor, params.id, query))),
)

/**
 * The dashboard's figure for a scope (`ALL` for staff, an OEM's own): its sites' tallies of the
 * last `VITALS_WINDOW_DAYS` days (Japan, today included), summed per site, each site judged by
 * `vitalsVerdict`. One query of the scope's partition.
 */
export const vitalsDashboard = async (scope: string, today: string): Promise<VitalsDashboard> => {
  const from = addDays(today, -(VITALS_WINDOW_DAYS - 1))
  const { data } = await ScopeVitals.query.byScope({ scope }).gte({ day: from }).go({ pages: 'all' })
  const bySite = new Map<string, VitalsTally>()
  for (const item of data) {
    if (item.day > today) continue
    const tally = bySite.get(item.siteId) ?? {
      LCP: { samples: 0, good: 0 },
      INP: { samples: 0, good: 0 },
      CLS: { samples: 0, good: 0 },
    }
    bySite.set(item.siteId, tally)
    for (const metric of CORE_VITALS) {
      const fields = tallyFields(metric)
      tally[metric].samples += item[fields.samples] ?? 0
      tally[metric].good += item[fields.good] ?? 0
    }
  }
  let judged = 0
  let passing = 0
  for (const tally of bySite.values()) {
    const verdict = vitalsVerdict(tally)
    if (verdict === 'unjudged') continue
    judged++
    if (verdict === 'pass') passing++
  }
  return {
    days: VITALS_WINDOW_DAYS,
    from,
    to: today,
    minSamples: VITALS_MIN_SAMPLES,
    judged,
    passing,
    unjudged: bySite.size - judged,
    share: judged ? passing / judged : null,
  }
}

/** GET /dashboard/web-vitals: scoped as the dashboard's other reads (staff: all; an OEM: its own). */
export const dashboardHandler = endpoint(analysisRoutes['analysis.vitalsDashboard'], async ({ actor }) => {
  const root = scopeRoot(policyActorOf(adminOf(actor)))
  if (!root) throw new ForbiddenError()
  return ok(await vitalsDashboard(root, jstDay(clock.now())))
})
