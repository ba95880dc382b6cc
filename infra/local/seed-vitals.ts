/**
 * Demo field Web Vitals (issue 35 item 5, docs/decisions/0071-field-web-vitals.md): the last 28
 * days of the demo site's sampled visits — LCP, INP (not every visit taps: a swipe is a scroll),
 * CLS and TTFB, on phones and on desktops — recorded through the collection's own write
 * (`recordVitals`), so 効果測定 shows the p75 per metric and device class, and the platform
 * dashboard its pass share, from the first start. Values are drawn from seeded log-normal
 * distributions (mulberry32, Box–Muller), so every start writes the same demo. On phones the
 * first byte needs improvement (a slow origin on a mobile network) while the Core Web Vitals are
 * good: the card shows both ratings and the site passes. Written once: a demo site that already
 * has Web Vitals is left as it is.
 */
import type { AnalyticsEvent } from '@swipe/shared'
import { type DeviceClass, VITALS_VALUE_MAX, type VitalsMetric } from '@swipe/shared/site/vitals'
import { VITALS_WINDOW_DAYS } from '@swipe/shared/site/vitals-histogram'
import { jstDay } from '@swipe/shared/time/jst'
import { random } from './seed-analytics.ts'

const DAY = 86_400_000

/** Median and spread (σ of the logarithm) of each metric per device class. */
const SHAPES: Record<DeviceClass, Record<VitalsMetric, { median: number; sigma: number }>> = {
  mobile: {
    LCP: { median: 1_500, sigma: 0.35 },
    INP: { median: 110, sigma: 0.5 },
    CLS: { median: 0.02, sigma: 0.8 },
    TTFB: { median: 750, sigma: 0.4 },
  },
  desktop: {
    LCP: { median: 900, sigma: 0.3 },
    INP: { median: 60, sigma: 0.5 },
    CLS: { median: 0.01, sigma: 0.8 },
    TTFB: { median: 300, sigma: 0.3 },
  },
}

/** Sampled visits a day: a tenth of the demo's visits, most of them on phones. */
const VISITS: Record<DeviceClass, { least: number; spread: number }> = {
  mobile: { least: 6, spread: 7 },
  desktop: { least: 2, spread: 4 },
}

export const seedVitals = async (
  site: { siteId: string; tenantIds: readonly string[] },
  log: (line: string) => void,
) => {
  const { siteVitals } = await import('../../functions/src/data/analytics-vitals.ts')
  const { recordVitals } = await import('../../functions/src/analytics/vitals.ts')
  if ((await siteVitals().query.bySite({ siteId: site.siteId }).go({ limit: 1 })).data.length) return
  const rand = random(0x5eed_717a)
  const normal = () => Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand())
  const draw = (device: DeviceClass, metric: VitalsMetric) => {
    const { median, sigma } = SHAPES[device][metric]
    const value = Math.min(median * Math.exp(sigma * normal()), VITALS_VALUE_MAX[metric])
    return metric === 'CLS' ? Math.round(value * 10_000) / 10_000 : Math.round(value)
  }
  let samples = 0
  const today = Date.now()
  for (let back = VITALS_WINDOW_DAYS - 1; back >= 0; back--) {
    const day = jstDay(today - back * DAY)
    for (const device of ['mobile', 'desktop'] as const) {
      const visits = VISITS[device].least + Math.floor(rand() * VISITS[device].spread)
      const events: AnalyticsEvent[] = []
      for (let v = 0; v < visits; v++) {
        const metrics: VitalsMetric[] = ['LCP', 'CLS', 'TTFB', ...(rand() < 0.6 ? (['INP'] as const) : [])]
        for (const metric of metrics)
          events.push({
            siteId: site.siteId,
            lang: 'JP',
            event: 'vitals',
            position: 'A1',
            metric,
            value: draw(device, metric),
          } as AnalyticsEvent)
      }
      samples += events.length
      await recordVitals(site, events, day, device)
    }
  }
  log(
    `seed: demo Web Vitals, ${samples} samples of the last ${VITALS_WINDOW_DAYS} days (phones and desktops)`,
  )
}
