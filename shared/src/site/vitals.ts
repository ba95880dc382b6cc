/**
 * Field Web Vitals (docs/decisions/0071-field-web-vitals.md): what the visitor page measures, how
 * often, the thresholds and the device classes. Pure and free of zod, so the island, the API and
 * the console share it; the histogram that keeps the values is ./vitals-histogram.ts.
 */

/** The metrics measured: Core Web Vitals (LCP, INP, CLS) and TTFB, shown but not part of the pass. */
export const VITALS_METRICS = ['LCP', 'INP', 'CLS', 'TTFB'] as const
export type VitalsMetric = (typeof VITALS_METRICS)[number]

/** The metrics a site must have good at p75 to pass (Core Web Vitals). */
export const CORE_VITALS = ['LCP', 'INP', 'CLS'] as const satisfies readonly VitalsMetric[]

/**
 * The share of visits (browser sessions) that measure Web Vitals: one in ten. Declared once; the
 * island draws a session's number once (`VITALS_SAMPLE_KEY`) and measures while it is below this.
 */
export const VITALS_SAMPLE_RATE = 0.1

/**
 * The session-storage key of the visit's sample draw (a number in [0, 1), drawn once per browser
 * session): a session is measured on every page or on none. Never sent anywhere.
 */
export const VITALS_SAMPLE_KEY = 'swipe-vitals'

/** A session's stored draw when it is one (a number in [0, 1)); otherwise the session draws anew. */
export const storedVitalsDraw = (stored: string | null | undefined): number | undefined => {
  const value = Number.parseFloat(stored ?? '')
  return value >= 0 && value < 1 ? value : undefined
}

/**
 * The good / poor thresholds of each metric (web.dev): good ≤ `good`, poor > `poor`, needs
 * improvement in between. Milliseconds, CLS unitless.
 */
export const VITALS_THRESHOLDS: Record<VitalsMetric, { good: number; poor: number }> = {
  LCP: { good: 2_500, poor: 4_000 },
  INP: { good: 200, poor: 500 },
  CLS: { good: 0.1, poor: 0.25 },
  TTFB: { good: 800, poor: 1_800 },
}

/** The largest value a beacon may carry (the island clamps to it; the API refuses more). */
export const VITALS_VALUE_MAX: Record<VitalsMetric, number> = {
  LCP: 120_000,
  INP: 120_000,
  CLS: 10,
  TTFB: 120_000,
}

export type VitalsRating = 'good' | 'needsImprovement' | 'poor'

export const vitalsRating = (metric: VitalsMetric, value: number): VitalsRating => {
  const { good, poor } = VITALS_THRESHOLDS[metric]
  return value <= good ? 'good' : value > poor ? 'poor' : 'needsImprovement'
}

/** Device classes, from the beacon's user agent (phones and tablets are `mobile`). */
export const DEVICE_CLASSES = ['mobile', 'desktop'] as const
export type DeviceClass = (typeof DEVICE_CLASSES)[number]

const MOBILE_AGENT = /Mobi|Android|iPhone|iPad|iPod|Tablet|Silk|Kindle|Opera Mini/i

export const deviceClassOf = (userAgent: string | undefined): DeviceClass =>
  MOBILE_AGENT.test(userAgent ?? '') ? 'mobile' : 'desktop'
