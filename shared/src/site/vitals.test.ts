import { describe, expect, it } from 'vitest'
import {
  deviceClassOf,
  storedVitalsDraw,
  VITALS_SAMPLE_RATE,
  VITALS_THRESHOLDS,
  vitalsRating,
} from './vitals.ts'

describe('Web Vitals ratings', () => {
  it("rate by web.dev's thresholds: good at the threshold, poor only above the poor one", () => {
    expect(VITALS_THRESHOLDS).toEqual({
      LCP: { good: 2_500, poor: 4_000 },
      INP: { good: 200, poor: 500 },
      CLS: { good: 0.1, poor: 0.25 },
      TTFB: { good: 800, poor: 1_800 },
    })
    expect(
      ['LCP', 'INP', 'CLS', 'TTFB'].map((m) => vitalsRating(m as 'LCP', VITALS_THRESHOLDS[m as 'LCP'].good)),
    ).toEqual(['good', 'good', 'good', 'good'])
    expect(vitalsRating('LCP', 2_501)).toBe('needsImprovement')
    expect(vitalsRating('LCP', 4_000)).toBe('needsImprovement')
    expect(vitalsRating('LCP', 4_001)).toBe('poor')
    expect(vitalsRating('INP', 201)).toBe('needsImprovement')
    expect(vitalsRating('INP', 500.5)).toBe('poor')
    expect(vitalsRating('CLS', 0.11)).toBe('needsImprovement')
    expect(vitalsRating('CLS', 0.26)).toBe('poor')
    expect(vitalsRating('TTFB', 1_800)).toBe('needsImprovement')
    expect(vitalsRating('TTFB', 1_801)).toBe('poor')
  })

  it('classify phones and tablets as mobile, the rest as desktop', () => {
    const pixel =
      'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36'
    const iphone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1'
    const mac =
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15'
    expect([pixel, iphone, mac, '', undefined].map(deviceClassOf)).toEqual([
      'mobile',
      'mobile',
      'desktop',
      'desktop',
      'desktop',
    ])
  })

  it("keep a session's stored draw only when it is a number in [0, 1)", () => {
    expect(['0', '0.0999', '0.5', '0.999'].map(storedVitalsDraw)).toEqual([0, 0.0999, 0.5, 0.999])
    for (const stored of [null, undefined, '', 'x', '-1', '1', '2', 'NaN'])
      expect(storedVitalsDraw(stored)).toBeUndefined()
    expect(VITALS_SAMPLE_RATE).toBe(0.1)
  })
})
