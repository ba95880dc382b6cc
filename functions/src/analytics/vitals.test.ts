import type { AnalyticsEvent } from '@swipe/shared'
import { vitalsBucket } from '@swipe/shared/site/vitals-histogram'
import { describe, expect, it } from 'vitest'
import { incrementsOf } from './counters.ts'
import { histogramAddsOf, isVitals, tallyAddsOf } from './vitals.ts'

const vital = (metric: 'LCP' | 'INP' | 'CLS' | 'TTFB', value: number) =>
  ({ siteId: 's', lang: 'JP', event: 'vitals', position: 'A1', metric, value }) as const

describe('what a request’s Web Vitals add', () => {
  const events = [
    vital('LCP', 1_200),
    vital('LCP', 1_210),
    vital('LCP', 2_500),
    vital('LCP', 2_501),
    vital('INP', 200),
    vital('INP', 640),
    vital('CLS', 0),
    vital('CLS', 0.1),
    vital('CLS', 0.11),
    vital('TTFB', 900),
  ]

  it('adds one to each value’s histogram bucket (values of one bucket together)', () => {
    expect(vitalsBucket('LCP', 1_200)).toBe(vitalsBucket('LCP', 1_210))
    expect(histogramAddsOf(events)).toEqual({
      [`lcp_${vitalsBucket('LCP', 1_200)}`]: 2,
      [`lcp_${vitalsBucket('LCP', 2_500)}`]: 1,
      [`lcp_${vitalsBucket('LCP', 2_501)}`]: 1,
      [`inp_${vitalsBucket('INP', 200)}`]: 1,
      [`inp_${vitalsBucket('INP', 640)}`]: 1,
      cls_0: 1,
      [`cls_${vitalsBucket('CLS', 0.1)}`]: 1,
      [`cls_${vitalsBucket('CLS', 0.11)}`]: 1,
      [`ttfb_${vitalsBucket('TTFB', 900)}`]: 1,
    })
  })

  it('adds the Core Web Vitals’ samples and good ones (at most the threshold) to the dashboard tally; not TTFB', () => {
    expect(tallyAddsOf(events)).toEqual({ lcpN: 4, lcpGood: 3, inpN: 2, inpGood: 1, clsN: 3, clsGood: 2 })
    expect(tallyAddsOf([vital('TTFB', 10)])).toEqual({})
  })

  it('counts nothing per cell for a vitals event', () => {
    const event = vital('LCP', 1_000) as AnalyticsEvent
    expect(isVitals(event)).toBe(true)
    expect(incrementsOf(event)).toEqual([])
  })
})
