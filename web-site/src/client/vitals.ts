/**
 * Field Web Vitals of a sampled visit (docs/decisions/0071-field-web-vitals.md): the `web-vitals`
 * library's LCP, INP, CLS and TTFB, each handed to `report` when the library settles it (LCP at
 * the first input or when the page is hidden, CLS and INP when it is hidden, TTFB once the page
 * has loaded; again after a back/forward-cache restore). A script of its own, fetched by the
 * island after the first paint and only for sampled visits, so the swipe island stays small.
 * Values are clamped to what the endpoint accepts and rounded (ms whole, CLS to 4 decimals).
 */
import { VITALS_VALUE_MAX, type VitalsMetric } from '@swipe/shared/site/vitals'
import { type Metric, onCLS, onINP, onLCP, onTTFB } from 'web-vitals'

export type VitalsReport = (metric: VitalsMetric, value: number) => void

export const measure = (report: VitalsReport): void => {
  const send = ({ name, value }: Metric) => {
    const metric = name as VitalsMetric
    const clamped = Math.min(Math.max(value, 0), VITALS_VALUE_MAX[metric])
    report(metric, metric === 'CLS' ? Math.round(clamped * 10_000) / 10_000 : Math.round(clamped))
  }
  onLCP(send)
  onINP(send)
  onCLS(send)
  onTTFB(send)
}
