import { describe, expect, it } from 'vitest'
import {
  type ArmCounts,
  chiSquareSurvival,
  confidenceSequence,
  DEFAULT_PLANNED_VISITORS_PER_ARM,
  rhoFor,
  sampleRatioMismatch,
  sequenceHalfWidth,
  verdict,
} from './stats'

/** mulberry32: a small seeded PRNG, so every simulation run sees the same numbers. */
const mulberry32 = (seed: number) => {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const normal = (rand: () => number) => {
  const u = 1 - rand()
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rand())
}

/** Binomial(n, p): the normal approximation with continuity correction from n ≥ 100, a Bernoulli sum below. */
const binomial = (rand: () => number, n: number, p: number) => {
  if (n < 100) {
    let k = 0
    for (let i = 0; i < n; i++) if (rand() < p) k++
    return k
  }
  const k = Math.round(n * p + Math.sqrt(n * p * (1 - p)) * normal(rand))
  return Math.min(n, Math.max(0, k))
}

describe('chiSquareSurvival', () => {
  it.each([
    [3.841458820694124, 1, 0.05],
    [5.991464547107979, 2, 0.05],
    [10.827566170662733, 1, 0.001],
    [1, 1, 0.31731050786291115],
    [20, 10, 0.029252688076961124],
    [100, 50, 3.454931382984871e-5],
    [36, 1, 1.9731752900753933e-9],
  ])('P(χ²(%d) ≥ %d) matches the reference', (x, k, expected) => {
    expect(chiSquareSurvival(x, k)).toBeCloseTo(expected, 12)
    expect(Math.abs(chiSquareSurvival(x, k) / expected - 1)).toBeLessThan(1e-9)
  })

  it('is exp(−x/2) with two degrees of freedom, 1 at 0 and 1 for a tiny statistic', () => {
    for (const x of [0.1, 2, 7.5, 40]) expect(chiSquareSurvival(x, 2)).toBeCloseTo(Math.exp(-x / 2), 14)
    expect(chiSquareSurvival(0, 3)).toBe(1)
    expect(chiSquareSurvival(0.5, 30)).toBeCloseTo(1, 12)
  })
})

describe('sampleRatioMismatch', () => {
  it('accepts a planned 50/50 split seen as 5,000/5,000 and 5,100/4,900', () => {
    expect(sampleRatioMismatch([5000, 5000], [50, 50])).toEqual({ pValue: 1, mismatch: false })
    const near = sampleRatioMismatch([5100, 4900], [1, 1])
    // χ² = 2 · 100²/5,000 = 4: p ≈ 0.0455, far above 0.001.
    expect(near.pValue).toBeCloseTo(0.04550026389635842, 12)
    expect(near.mismatch).toBe(false)
  })

  it('flags 5,300/4,700 for a planned 50/50 split', () => {
    const r = sampleRatioMismatch([5300, 4700], [50, 50])
    expect(r.pValue).toBeCloseTo(1.9731752900753933e-9, 18)
    expect(r.mismatch).toBe(true)
  })

  it('tests uneven plans and three arms with k − 1 degrees of freedom', () => {
    expect(sampleRatioMismatch([8000, 2000], [80, 20]).mismatch).toBe(false)
    expect(sampleRatioMismatch([5000, 5000], [80, 20]).mismatch).toBe(true)
    // Expected 1,000 each: χ² = (30² + 0 + 30²)/1000 = 1.8 on 2 degrees of freedom.
    expect(sampleRatioMismatch([1030, 1000, 970], [1, 1, 1]).pValue).toBeCloseTo(Math.exp(-0.9), 12)
    expect(sampleRatioMismatch([0, 0], [1, 1])).toEqual({ pValue: 1, mismatch: false })
    expect(sampleRatioMismatch([10, 5], [1, 0])).toEqual({ pValue: 0, mismatch: true })
  })
})

describe('rhoFor and the sequence width', () => {
  it('tunes ρ so the width is (nearly) smallest at the planned size', () => {
    const planned = 30_000
    const tuned = sequenceHalfWidth(1, planned, rhoFor(planned), 0.05)
    let best = Number.POSITIVE_INFINITY
    for (let r = 0.001; r < 0.1; r *= 1.001) best = Math.min(best, sequenceHalfWidth(1, planned, r, 0.05))
    expect(tuned / best).toBeLessThan(1.001)
    // Tuned for 100× more or 100× fewer visitors, the sequence is at least 10 % wider at the planned size.
    expect(sequenceHalfWidth(1, planned, rhoFor(planned * 100), 0.05)).toBeGreaterThan(tuned * 1.1)
    expect(sequenceHalfWidth(1, planned, rhoFor(planned / 100), 0.05)).toBeGreaterThan(tuned * 1.1)
    // About 3.04 σ/√N* at α = 0.05, against 1.96 for a single fixed-sample look.
    expect(tuned * Math.sqrt(planned)).toBeCloseTo(3.035, 2)
  })
})

describe('confidenceSequence', () => {
  const arm = (visitors: number, conversions: number): ArmCounts => ({ visitors, conversions })

  it('centres on the difference of rates and reports the relative lift', () => {
    const cs = confidenceSequence(arm(10_000, 500), arm(10_000, 600))
    expect(cs.lift).toBeCloseTo(0.01, 12)
    expect(cs.relativeLift).toBeCloseTo(0.2, 12)
    expect((cs.lower + cs.upper) / 2).toBeCloseTo(0.01, 12)
    expect(cs.decided).toBe('inconclusive')
  })

  it('is symmetric: swapping the arms mirrors the interval and the decision', () => {
    const ab = confidenceSequence(arm(40_000, 2000), arm(40_000, 2400))
    const ba = confidenceSequence(arm(40_000, 2400), arm(40_000, 2000))
    expect(ab.decided).toBe('better')
    expect(ba.decided).toBe('worse')
    expect(ba.lower).toBeCloseTo(-ab.upper, 12)
    expect(ba.upper).toBeCloseTo(-ab.lower, 12)
  })

  it('narrows as visitors grow at the same rates', () => {
    const widths = [1_000, 10_000, 100_000, 1_000_000].map((n) => {
      const cs = confidenceSequence(arm(n, n * 0.05), arm(n, n * 0.05))
      expect(cs.decided).toBe('inconclusive')
      expect(cs.lift).toBe(0)
      return cs.upper - cs.lower
    })
    for (let i = 1; i < widths.length; i++) expect(widths[i]!).toBeLessThan(widths[i - 1]!)
  })

  it('uses the formula of docs/decisions/0068 for unequal arms', () => {
    const c = arm(12_000, 600)
    const v = arm(8_000, 480)
    const n = 10_000
    const sigma = Math.sqrt(n * ((0.05 * 0.95) / 12_000 + (0.06 * 0.94) / 8_000))
    const rho = rhoFor(DEFAULT_PLANNED_VISITORS_PER_ARM)
    const r2 = rho * rho
    const half =
      sigma * Math.sqrt(((2 * (n * r2 + 1)) / (n * n * r2)) * Math.log(Math.sqrt(n * r2 + 1) / 0.05))
    const cs = confidenceSequence(c, v)
    expect(cs.lower).toBeCloseTo(0.01 - half, 12)
    expect(cs.upper).toBeCloseTo(0.01 + half, 12)
  })

  it('decides nothing below 10 conversions (or non-conversions) per arm, however large the gap', () => {
    expect(confidenceSequence(arm(2_000, 0), arm(2_000, 9)).decided).toBe('inconclusive')
    expect(confidenceSequence(arm(2_000, 0), arm(2_000, 9)).relativeLift).toBeNull()
    expect(confidenceSequence(arm(2_000, 1), arm(2_000, 60)).decided).toBe('inconclusive')
    expect(confidenceSequence(arm(2_000, 10), arm(2_000, 60)).decided).toBe('better')
    expect(confidenceSequence(arm(100, 50), arm(100, 95)).decided).toBe('inconclusive')
    expect(confidenceSequence(arm(0, 0), arm(10, 5))).toMatchObject({ lower: -Infinity, upper: Infinity })
  })
})

describe('verdict', () => {
  const a = (id: string, visitors: number, conversions: number, weight = 1) => ({
    id,
    visitors,
    conversions,
    weight,
  })

  it('says the split is broken first, whatever the rates', () => {
    expect(verdict([a('control', 53_000, 2_650), a('b', 47_000, 4_700)])).toEqual({ kind: 'splitBroken' })
  })

  it('waits for enough data, then names the better or worse variant, else no difference yet', () => {
    expect(verdict([a('control', 100, 2), a('b', 100, 8)])).toEqual({ kind: 'notEnoughData' })
    expect(verdict([a('control', 40_000, 2_000), a('b', 40_000, 2_400)])).toEqual({
      kind: 'better',
      variant: 'b',
      confidence: 95,
    })
    expect(verdict([a('control', 40_000, 2_400), a('b', 40_000, 2_000)])).toEqual({
      kind: 'worse',
      variant: 'b',
      confidence: 95,
    })
    expect(verdict([a('control', 40_000, 2_000), a('b', 40_000, 2_050)])).toEqual({ kind: 'noDifferenceYet' })
  })

  it('with several variants prefers a better one over a worse one, the best lower end first', () => {
    const arms = [
      a('control', 40_000, 2_400),
      a('b', 40_000, 2_000),
      a('c', 40_000, 2_800),
      a('d', 40_000, 3_000),
    ]
    expect(verdict(arms)).toEqual({ kind: 'better', variant: 'd', confidence: 95 })
    expect(verdict(arms.slice(0, 2))).toEqual({ kind: 'worse', variant: 'b', confidence: 95 })
  })
})

/**
 * The done-when of issue 34 part 3: experiments read once a day for 30 days (cumulative counts),
 * a winner declared the first day the sequence decides. The sizes are docs/decisions/0068's:
 * 2,000 visitors a day split 50/50 at random (1,000 per arm on average, 30,000 per arm in 30 days,
 * ρ tuned for 30,000), baseline 5 %.
 */
describe('simulation: 1,000 experiments read daily for 30 days', () => {
  const EXPERIMENTS = 1_000
  const DAYS = 30
  const VISITORS_PER_DAY = 2_000
  const BASELINE = 0.05

  const run = (seed: number, variantRate: number) => {
    const rand = mulberry32(seed)
    const first = { better: 0, worse: 0, srm: 0 }
    for (let e = 0; e < EXPERIMENTS; e++) {
      const c = { visitors: 0, conversions: 0 }
      const v = { visitors: 0, conversions: 0 }
      let srmSeen = false
      for (let day = 0; day < DAYS; day++) {
        const nc = binomial(rand, VISITORS_PER_DAY, 0.5)
        c.visitors += nc
        v.visitors += VISITORS_PER_DAY - nc
        c.conversions += binomial(rand, nc, BASELINE)
        v.conversions += binomial(rand, VISITORS_PER_DAY - nc, variantRate)
        if (!srmSeen && sampleRatioMismatch([c.visitors, v.visitors], [1, 1]).mismatch) srmSeen = true
        const cs = confidenceSequence(c, v)
        if (cs.decided !== 'inconclusive') {
          first[cs.decided]++
          break
        }
      }
      if (srmSeen) first.srm++
    }
    return first
  }

  it('A/A: declares a winner in at most 5 % and flags a sound split rarely', () => {
    const r = run(34, BASELINE)
    const declared = (r.better + r.worse) / EXPERIMENTS
    console.info(
      `A/A: ${(declared * 100).toFixed(1)} % declared (${r.better} better, ${r.worse} worse), SRM ${r.srm}`,
    )
    expect(declared, `A/A declared ${declared}`).toBeLessThanOrEqual(0.05)
    expect(r.srm / EXPERIMENTS, `SRM flagged ${r.srm}`).toBeLessThanOrEqual(0.02)
  })

  it('A/B with a true 20 % lift (5 % → 6 %): finds the winner in at least 80 %', () => {
    const r = run(35, BASELINE * 1.2)
    const found = r.better / EXPERIMENTS
    console.info(`A/B: ${(found * 100).toFixed(1)} % found better, ${r.worse} called worse`)
    expect(found, `A/B found ${found}`).toBeGreaterThanOrEqual(0.8)
    expect(r.worse, `A/B called worse ${r.worse}`).toBeLessThanOrEqual(5)
  })

  it('the same daily reading with a fixed-sample 95 % interval declares far more than 5 % in A/A', () => {
    // Why the sequence: the naive z-interval (1.96 σ/√n) read 30 times is fooled several times as often.
    const rand = mulberry32(36)
    let declared = 0
    for (let e = 0; e < EXPERIMENTS; e++) {
      let c = 0
      let v = 0
      let n = 0
      for (let day = 0; day < DAYS; day++) {
        n += VISITORS_PER_DAY / 2
        c += binomial(rand, VISITORS_PER_DAY / 2, BASELINE)
        v += binomial(rand, VISITORS_PER_DAY / 2, BASELINE)
        const pc = c / n
        const pv = v / n
        if (Math.abs(pv - pc) > 1.96 * Math.sqrt((pc * (1 - pc) + pv * (1 - pv)) / n)) {
          declared++
          break
        }
      }
    }
    console.info(
      `A/A with a fixed-sample interval read daily: ${((declared / EXPERIMENTS) * 100).toFixed(1)} % declared`,
    )
    expect(declared / EXPERIMENTS).toBeGreaterThan(0.15)
  })
})
