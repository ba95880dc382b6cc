import type { AnalyticsEvent } from '@swipe/shared'
import { CORE_VITALS, type DeviceClass, VITALS_THRESHOLDS } from '@swipe/shared/site/vitals'
import { vitalsBucket } from '@swipe/shared/site/vitals-histogram'
import { DAY_MS, jstDayStart } from '@swipe/shared/time/jst'
import { ScopeVitals, siteVitals, tallyFields, vitalsField } from '#data/analytics-vitals'
import { siteScopes } from '#domain/tallies'

/**
 * Field Web Vitals from the beacons (docs/decisions/0071-field-web-vitals.md): a request's `vitals`
 * events of one site become one `ADD` to the site's histogram of the day and device class, and one
 * `ADD` per scope of the site to the dashboard's tally (samples and good samples per Core Web
 * Vital). Counters, never raw samples.
 */

type VitalsEvent = Extract<AnalyticsEvent, { event: 'vitals' }>

export const isVitals = (event: AnalyticsEvent): event is VitalsEvent => event.event === 'vitals'

/** The histogram buckets a request's vitals add to: `{ lcp_95: 1, cls_0: 2 }`. */
export const histogramAddsOf = (events: readonly VitalsEvent[]): Record<string, number> => {
  const adds: Record<string, number> = {}
  for (const { metric, value } of events) {
    const field = vitalsField(metric, vitalsBucket(metric, value))
    adds[field] = (adds[field] ?? 0) + 1
  }
  return adds
}

/** The dashboard tally a request's vitals add to: `{ lcpN: 1, lcpGood: 1 }` (TTFB is not counted). */
export const tallyAddsOf = (events: readonly VitalsEvent[]): Record<string, number> => {
  const adds: Record<string, number> = {}
  for (const { metric, value } of events) {
    if (!(CORE_VITALS as readonly string[]).includes(metric)) continue
    const fields = tallyFields(metric as (typeof CORE_VITALS)[number])
    adds[fields.samples] = (adds[fields.samples] ?? 0) + 1
    if (value <= VITALS_THRESHOLDS[metric].good) adds[fields.good] = (adds[fields.good] ?? 0) + 1
  }
  return adds
}

/** Days the dashboard's tallies are kept after their day (its window is 28). */
const TALLY_KEPT_DAYS = 35

/**
 * Records the vitals of one site's counted events (the caller filtered them: published site, its
 * language, a cell of its grid) for `day` (Japan) and the request's device class.
 */
export const recordVitals = async (
  site: { siteId: string; tenantIds: readonly string[] },
  events: readonly AnalyticsEvent[],
  day: string,
  device: DeviceClass,
): Promise<void> => {
  const vitals = events.filter(isVitals)
  if (!vitals.length) return
  const tally = tallyAddsOf(vitals)
  const expiresAt = Math.ceil((jstDayStart(day) + TALLY_KEPT_DAYS * DAY_MS) / 1000)
  await Promise.all([
    siteVitals()
      .update({ siteId: site.siteId, day, device })
      .add(histogramAddsOf(vitals))
      .go({ response: 'none' }),
    ...(Object.keys(tally).length
      ? siteScopes(site).map((scope) =>
          ScopeVitals.update({ scope, day, siteId: site.siteId })
            .add(tally)
            .set({ expiresAt })
            .go({ response: 'none' }),
        )
      : []),
  ])
}
