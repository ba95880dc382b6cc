import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { Metric } from 'web-vitals'

/** The library's callbacks, as `measure` registered them: the test settles each metric by hand. */
const callbacks = vi.hoisted(() => new Map<string, (metric: Metric) => void>())
vi.mock('web-vitals', () => ({
  onLCP: (cb: (m: Metric) => void) => callbacks.set('LCP', cb),
  onINP: (cb: (m: Metric) => void) => callbacks.set('INP', cb),
  onCLS: (cb: (m: Metric) => void) => callbacks.set('CLS', cb),
  onTTFB: (cb: (m: Metric) => void) => callbacks.set('TTFB', cb),
}))

const { measure } = await import('./vitals.ts')

const settle = (name: Metric['name'], value: number) =>
  callbacks.get(name)?.({
    name,
    value,
    rating: 'good',
    delta: value,
    id: 'v1',
    entries: [],
    navigationType: 'navigate',
  })

describe('the Web Vitals script', () => {
  beforeEach(() => callbacks.clear())

  it('measures LCP, INP, CLS and TTFB and reports each as the endpoint accepts it', () => {
    const report = vi.fn()
    measure(report)
    expect([...callbacks.keys()].sort()).toEqual(['CLS', 'INP', 'LCP', 'TTFB'])
    settle('LCP', 1_234.56)
    settle('INP', 48)
    settle('CLS', 0.123_456)
    settle('TTFB', 80.4)
    expect(report.mock.calls).toEqual([
      ['LCP', 1_235],
      ['INP', 48],
      ['CLS', 0.1235],
      ['TTFB', 80],
    ])
  })

  it('clamps a value to 0 … the maximum the endpoint takes, so a batch is never refused for it', () => {
    const report = vi.fn()
    measure(report)
    settle('LCP', 10 * 60_000)
    settle('CLS', 42)
    settle('TTFB', -3)
    expect(report.mock.calls).toEqual([
      ['LCP', 120_000],
      ['CLS', 10],
      ['TTFB', 0],
    ])
  })
})
