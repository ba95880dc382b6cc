import { describe, expect, it } from 'vitest'
import { VITALS_METRICS, VITALS_THRESHOLDS, VITALS_VALUE_MAX, vitalsRating } from './vitals.ts'
import {
  VITALS_BOUNDS,
  VITALS_MIN_SAMPLES,
  VITALS_RELATIVE_ERROR,
  vitalsBucket,
  vitalsBucketValue,
  vitalsP75,
  vitalsVerdict,
} from './vitals-histogram.ts'

/** The nearest-rank 75th percentile of raw values, for comparison. */
const exactP75 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(0.75 * values.length) - 1]!

const histogramOf = (metric: (typeof VITALS_METRICS)[number], values: number[]) => {
  const histogram = new Map<number, number>()
  for (const value of values) {
    const bucket = vitalsBucket(metric, value)
    histogram.set(bucket, (histogram.get(bucket) ?? 0) + 1)
  }
  return histogram
}

describe('the Web Vitals histogram', () => {
  it('has every threshold as a bucket bound, so "at most the threshold" is counted exactly', () => {
    for (const metric of VITALS_METRICS) {
      const bounds = VITALS_BOUNDS[metric]
      const { good, poor } = VITALS_THRESHOLDS[metric]
      expect(bounds).toContain(good)
      expect(bounds).toContain(poor)
      expect(vitalsBucket(metric, good)).toBeLessThan(vitalsBucket(metric, good * 1.000_001))
      expect(bounds.at(-1)).toBeGreaterThanOrEqual(VITALS_VALUE_MAX[metric])
      for (let i = 1; i < bounds.length; i++) {
        expect(bounds[i]!).toBeGreaterThan(bounds[i - 1]!)
        // No bucket wider than one step of 2^(1/8).
        expect(bounds[i]! / bounds[i - 1]!).toBeLessThanOrEqual(2 ** (1 / 8) + 1e-9)
      }
    }
    // Fixed: stored counters are by index, so the layout must never move.
    expect(VITALS_BOUNDS.LCP.length).toBe(142)
    expect(VITALS_BOUNDS.CLS.length).toBe(110)
    expect(vitalsBucket('LCP', 2_500)).toBe(95)
    expect(vitalsBucket('CLS', 0.1)).toBe(54)
  })

  it('clamps values to 0 … the maximum and reads each bucket back within the stated error', () => {
    expect(vitalsBucket('LCP', -5)).toBe(0)
    expect(vitalsBucket('LCP', 0)).toBe(0)
    expect(vitalsBucket('LCP', 1e9)).toBe(VITALS_BOUNDS.LCP.length - 1)
    expect(vitalsBucket('CLS', 0)).toBe(0)
    expect(VITALS_RELATIVE_ERROR).toBeCloseTo(0.0443, 4)
    for (const metric of VITALS_METRICS)
      for (let value = VITALS_BOUNDS[metric][0]! * 1.01; value < VITALS_VALUE_MAX[metric]; value *= 1.37) {
        const read = vitalsBucketValue(metric, vitalsBucket(metric, value))
        expect(Math.abs(read - value) / value).toBeLessThanOrEqual(VITALS_RELATIVE_ERROR + 1e-12)
      }
    expect(vitalsBucketValue('LCP', 0)).toBe(0.5)
    expect(vitalsBucketValue('CLS', 0)).toBe(0.0005)
  })

  it('answers the nearest-rank p75 and its rating; nothing without samples', () => {
    expect(vitalsP75('LCP', new Map())).toEqual({ samples: 0, p75: null, rating: null })
    const lcp = [900, 1_200, 1_300, 1_800, 2_100, 2_400, 2_450, 3_900]
    const read = vitalsP75('LCP', histogramOf('LCP', lcp))
    expect(read.samples).toBe(8)
    expect(Math.abs(read.p75! - exactP75(lcp)) / exactP75(lcp)).toBeLessThanOrEqual(VITALS_RELATIVE_ERROR)
    expect(read.rating).toBe('good')
    // One more slow sample moves the 75th percentile above the threshold.
    expect(vitalsP75('LCP', histogramOf('LCP', [...lcp, 5_000, 6_000]))).toMatchObject({
      samples: 10,
      rating: 'needsImprovement',
    })
    // A stored (object) histogram reads the same; CLS keeps three decimals.
    expect(vitalsP75('CLS', { [vitalsBucket('CLS', 0)]: 3, [vitalsBucket('CLS', 0.3)]: 1 })).toEqual({
      samples: 4,
      p75: 0.001,
      rating: 'good',
    })
    expect(vitalsP75('CLS', { [vitalsBucket('CLS', 0)]: 2, [vitalsBucket('CLS', 0.3)]: 2 })).toMatchObject({
      rating: 'poor',
    })
    // Random values: the read p75 stays within the bound of the exact one, and its rating is exact.
    let seed = 7
    const random = () => {
      seed = (seed * 16_807) % 2_147_483_647
      return seed / 2_147_483_647
    }
    for (let run = 0; run < 50; run++) {
      const values = Array.from({ length: 1 + Math.floor(random() * 200) }, () => 50 + random() * 6_000)
      const { p75, rating } = vitalsP75('LCP', histogramOf('LCP', values))
      const exact = exactP75(values)
      expect(Math.abs(p75! - exact)).toBeLessThanOrEqual(exact * VITALS_RELATIVE_ERROR + 0.5)
      expect(rating).toBe(vitalsRating('LCP', exact))
    }
  })
})

describe('the dashboard verdict of a site', () => {
  const tally = (lcp: [number, number], cls: [number, number], inp: [number, number] = [0, 0]) => ({
    LCP: { samples: lcp[0], good: lcp[1] },
    CLS: { samples: cls[0], good: cls[1] },
    INP: { samples: inp[0], good: inp[1] },
  })
  it('needs enough LCP and CLS samples, then 75 % good of each judged metric', () => {
    const n = VITALS_MIN_SAMPLES
    expect(n).toBe(10)
    expect(vitalsVerdict(tally([n - 1, n - 1], [n, n]))).toBe('unjudged')
    expect(vitalsVerdict(tally([n, n], [n - 1, n - 1]))).toBe('unjudged')
    // INP with too few samples is left out; with enough it must be good too.
    expect(vitalsVerdict(tally([n, n], [n, n], [n - 1, 0]))).toBe('pass')
    expect(vitalsVerdict(tally([n, n], [n, n], [n, 7]))).toBe('fail')
    expect(vitalsVerdict(tally([n, n], [n, n], [n, 8]))).toBe('pass')
    // Exactly 75 % good passes (the ⌈0.75 n⌉-th sample is good), less fails.
    expect(vitalsVerdict(tally([12, 9], [n, n]))).toBe('pass')
    expect(vitalsVerdict(tally([12, 8], [n, n]))).toBe('fail')
    expect(vitalsVerdict(tally([n, n], [20, 14]))).toBe('fail')
  })
})
