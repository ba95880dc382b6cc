/**
 * The Web Vitals histogram (docs/decisions/0071-field-web-vitals.md): fixed log-spaced buckets with
 * every threshold as a bound, the 75th percentile read from bucket counts, and the dashboard's
 * verdict of a site. Apart from ./vitals.ts, which the visitor island imports, so the island never
 * carries the bucket tables.
 */
import {
  CORE_VITALS,
  VITALS_THRESHOLDS,
  VITALS_VALUE_MAX,
  type VitalsMetric,
  type VitalsRating,
  vitalsRating,
} from './vitals.ts'

/** Buckets per doubling: bucket bounds grow by 2^(1/8) ≈ 9.05 %. */
const STEPS_PER_DOUBLING = 8

/**
 * Upper bounds of a histogram's buckets: `first · 2^(k/8)` up to `max`, with every threshold of
 * `metrics` inserted as a bound of its own, so "at most the threshold" is counted exactly. Bucket
 * `i` holds values in (bounds[i-1], bounds[i]]; bucket 0 holds [0, bounds[0]].
 */
const boundsOf = (first: number, max: number, metrics: readonly VitalsMetric[]): number[] => {
  const bounds = new Set<number>()
  for (let k = 0; ; k++) {
    const bound = first * 2 ** (k / STEPS_PER_DOUBLING)
    bounds.add(bound)
    if (bound >= max) break
  }
  for (const metric of metrics) {
    bounds.add(VITALS_THRESHOLDS[metric].good)
    bounds.add(VITALS_THRESHOLDS[metric].poor)
  }
  return [...bounds].sort((a, b) => a - b)
}

/**
 * The fixed bucket bounds of each metric. Stored counters are by bucket index, so these never
 * change: milliseconds from 1 ms to 2 minutes (LCP, INP, TTFB share one list), CLS from 0.001 to 10.
 */
const MS_BOUNDS = boundsOf(1, VITALS_VALUE_MAX.LCP, ['LCP', 'INP', 'TTFB'])
const CLS_BOUNDS = boundsOf(0.001, VITALS_VALUE_MAX.CLS, ['CLS'])
export const VITALS_BOUNDS: Record<VitalsMetric, readonly number[]> = {
  LCP: MS_BOUNDS,
  INP: MS_BOUNDS,
  CLS: CLS_BOUNDS,
  TTFB: MS_BOUNDS,
}

/**
 * The largest relative error of a p75 read from the histogram, above the first bound: the reported
 * value is the geometric middle of its bucket, within 2^(1/16) − 1 ≈ 4.4 % of any value in it.
 * Below the first bound (1 ms; CLS 0.001) the error is at most half that bound.
 */
export const VITALS_RELATIVE_ERROR = 2 ** (1 / (2 * STEPS_PER_DOUBLING)) - 1

/** The bucket of a value (clamped to 0 … the metric's maximum). */
export const vitalsBucket = (metric: VitalsMetric, value: number): number => {
  const bounds = VITALS_BOUNDS[metric]
  const v = Math.min(Math.max(value, 0), VITALS_VALUE_MAX[metric])
  let low = 0
  let high = bounds.length - 1
  while (low < high) {
    const middle = (low + high) >> 1
    if (v <= bounds[middle]!) high = middle
    else low = middle + 1
  }
  return low
}

/** The value a bucket stands for: the geometric middle of its bounds (half the first bound for bucket 0). */
export const vitalsBucketValue = (metric: VitalsMetric, bucket: number): number => {
  const bounds = VITALS_BOUNDS[metric]
  const high = bounds[bucket]!
  return bucket === 0 ? high / 2 : Math.sqrt(bounds[bucket - 1]! * high)
}

/** Counts per bucket index. */
export type VitalsHistogram = ReadonlyMap<number, number> | Readonly<Record<number, number>>

const entriesOf = (histogram: VitalsHistogram): Array<[number, number]> =>
  (histogram instanceof Map
    ? [...histogram.entries()]
    : Object.entries(histogram).map(([bucket, count]) => [Number(bucket), count] as [number, number])
  )
    .filter(([, count]) => count > 0)
    .sort(([a], [b]) => a - b)

export interface VitalsPercentile {
  samples: number
  /** The 75th percentile (nearest rank), as its bucket's value; null without samples. */
  p75: number | null
  rating: VitalsRating | null
}

/** Rounds a p75 for display and transport: whole milliseconds, CLS to 3 decimals. */
const rounded = (metric: VitalsMetric, value: number) =>
  metric === 'CLS' ? Math.round(value * 1_000) / 1_000 : Math.round(value)

/**
 * The 75th percentile of a histogram by nearest rank: the bucket holding the ⌈0.75 n⌉-th smallest
 * sample. Its rating is exact (thresholds are bucket bounds); its value within `VITALS_RELATIVE_ERROR`.
 */
export const vitalsP75 = (metric: VitalsMetric, histogram: VitalsHistogram): VitalsPercentile => {
  const entries = entriesOf(histogram)
  const samples = entries.reduce((sum, [, count]) => sum + count, 0)
  if (!samples) return { samples: 0, p75: null, rating: null }
  const rank = Math.ceil(0.75 * samples)
  let seen = 0
  for (const [bucket, count] of entries) {
    seen += count
    if (seen >= rank) {
      const value = vitalsBucketValue(metric, bucket)
      return { samples, p75: rounded(metric, value), rating: vitalsRating(metric, value) }
    }
  }
  /* c8 ignore next */
  return { samples, p75: null, rating: null }
}

/**
 * Samples a site needs of LCP and of CLS in the window to be judged on the platform dashboard;
 * INP counts once it has as many (without them the site is judged on LCP and CLS, as PageSpeed
 * Insights does when INP data is insufficient).
 */
export const VITALS_MIN_SAMPLES = 10

/** The dashboard's window: the last 28 days (Japan), today included, as CrUX's. */
export const VITALS_WINDOW_DAYS = 28

/** Per Core Web Vital, the samples and how many were good (at most the good threshold). */
export type VitalsTally = Record<(typeof CORE_VITALS)[number], { samples: number; good: number }>

/**
 * A site's verdict over the window: `unjudged` without `VITALS_MIN_SAMPLES` of LCP and of CLS;
 * else `pass` when each judged metric is good at p75 — at least 75 % of its samples good, which is
 * exactly "the nearest-rank p75 is at most the threshold".
 */
export const vitalsVerdict = (tally: VitalsTally): 'pass' | 'fail' | 'unjudged' => {
  if (tally.LCP.samples < VITALS_MIN_SAMPLES || tally.CLS.samples < VITALS_MIN_SAMPLES) return 'unjudged'
  const judged = CORE_VITALS.filter((metric) => metric !== 'INP' || tally.INP.samples >= VITALS_MIN_SAMPLES)
  return judged.every((metric) => tally[metric].good * 4 >= tally[metric].samples * 3) ? 'pass' : 'fail'
}
