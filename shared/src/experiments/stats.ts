/**
 * Experiment statistics that stay true however often they are read (issue 34 part 3,
 * docs/decisions/0068-experiment-statistics.md). A creator opens the report every day; a fixed-sample
 * test read daily declares false winners far more often than its 5 %, so the lift's interval here is
 * an always-valid confidence sequence, the split is checked for a sample-ratio mismatch, and a verdict
 * sums both up for the UI. Plain TS, no dependencies: the console and the functions both use it.
 */

/** One arm's cumulative counts. */
export type ArmCounts = { readonly visitors: number; readonly conversions: number }

export type Decision = 'better' | 'worse' | 'inconclusive'

export type ConfidenceSequence = {
  /** Absolute difference of conversion rates, variant − control. */
  readonly lift: number
  /** `lift` over the control's rate; null while the control has no conversion. */
  readonly relativeLift: number | null
  readonly lower: number
  readonly upper: number
  readonly decided: Decision
}

/** The error rate over all looks together, not per look. */
export const DEFAULT_ALPHA = 0.05

/**
 * Below this many conversions (and non-conversions) in either arm the variance estimate is too rough
 * for an asymptotic method (a 0 % arm has variance 0), so nothing is decided.
 */
export const MIN_CONVERSIONS_PER_ARM = 10

/** The sample size the default ρ is tuned for: 30 days at 1,000 visitors per arm per day. */
export const DEFAULT_PLANNED_VISITORS_PER_ARM = 30_000

/** A split whose chi-square p-value is below this is broken (a bug, not chance). */
export const SRM_THRESHOLD = 0.001

/**
 * The ρ that makes the sequence narrowest near `plannedVisitorsPerArm`: Waudby-Smith et al.'s
 * ρ² = (−2 log α + log(−2 log α + 1)) / N*. Tuning only moves where the sequence is tightest; it is
 * valid for any ρ > 0.
 */
export const rhoFor = (plannedVisitorsPerArm: number, alpha = DEFAULT_ALPHA): number => {
  const l = -2 * Math.log(alpha)
  return Math.sqrt((l + Math.log(l + 1)) / plannedVisitorsPerArm)
}

/**
 * The half-width of the asymptotic confidence sequence for a mean after n observations of standard
 * deviation σ: σ · sqrt( 2(nρ² + 1) / (n²ρ²) · log( sqrt(nρ² + 1) / α ) ).
 */
export const sequenceHalfWidth = (sigma: number, n: number, rho: number, alpha: number): number => {
  const r2 = rho * rho
  return sigma * Math.sqrt(((2 * (n * r2 + 1)) / (n * n * r2)) * Math.log(Math.sqrt(n * r2 + 1) / alpha))
}

const enoughData = (a: ArmCounts) =>
  a.conversions >= MIN_CONVERSIONS_PER_ARM && a.visitors - a.conversions >= MIN_CONVERSIONS_PER_ARM

/**
 * Always-valid (1 − α) confidence sequence for the difference of conversion rates, the asymptotic
 * confidence sequence of Waudby-Smith, Arnold, Wu, Howard and Ramdas (2023), "Time-uniform central
 * limit theory and asymptotic confidence sequences" — the method GrowthBook documents for sequential
 * testing. With equal arms the per-pair difference Y_v − Y_c has mean p_v − p_c and variance
 * p_v(1 − p_v) + p_c(1 − p_c), and n pairs have been seen. For unequal arms, n is the mean arm size
 * n̄ = (n_c + n_v)/2 and σ̂² = n̄ · (p̂_c(1 − p̂_c)/n_c + p̂_v(1 − p̂_v)/n_v), so σ̂²/n̄ is the usual
 * variance of p̂_v − p̂_c. The interval is
 * (p̂_v − p̂_c) ± σ̂ · sqrt( 2(n̄ρ² + 1)/(n̄²ρ²) · log( sqrt(n̄ρ² + 1)/α ) ).
 * 'better' when the lower end is above 0, 'worse' when the upper end is below 0, and 'inconclusive'
 * whenever either arm has fewer than MIN_CONVERSIONS_PER_ARM conversions or non-conversions.
 */
export const confidenceSequence = (
  control: ArmCounts,
  variant: ArmCounts,
  options: { alpha?: number; rho?: number } = {},
): ConfidenceSequence => {
  const alpha = options.alpha ?? DEFAULT_ALPHA
  const rho = options.rho ?? rhoFor(DEFAULT_PLANNED_VISITORS_PER_ARM, alpha)
  const pc = control.visitors > 0 ? control.conversions / control.visitors : 0
  const pv = variant.visitors > 0 ? variant.conversions / variant.visitors : 0
  const lift = pv - pc
  const relativeLift = pc > 0 ? lift / pc : null
  if (control.visitors <= 0 || variant.visitors <= 0)
    return {
      lift,
      relativeLift,
      lower: Number.NEGATIVE_INFINITY,
      upper: Number.POSITIVE_INFINITY,
      decided: 'inconclusive',
    }
  const n = (control.visitors + variant.visitors) / 2
  const sigma = Math.sqrt(n * ((pc * (1 - pc)) / control.visitors + (pv * (1 - pv)) / variant.visitors))
  const half = sequenceHalfWidth(sigma, n, rho, alpha)
  const lower = lift - half
  const upper = lift + half
  const decided: Decision =
    !enoughData(control) || !enoughData(variant)
      ? 'inconclusive'
      : lower > 0
        ? 'better'
        : upper < 0
          ? 'worse'
          : 'inconclusive'
  return { lift, relativeLift, lower, upper, decided }
}

const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
  12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
]
/** log Γ(x) for x > 0 (Lanczos, g = 7, 9 terms; about 15 significant digits). */
export const logGamma = (x: number): number => {
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x)
  const z = x - 1
  let a = LANCZOS[0]!
  const t = z + 7.5
  for (let i = 1; i < 9; i++) a += LANCZOS[i]! / (z + i)
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(a)
}

const EPS = 1e-15
const MAX_ITERATIONS = 1000

/**
 * The regularised upper incomplete gamma Q(a, x) = Γ(a, x)/Γ(a): the series for P below x < a + 1,
 * Lentz's continued fraction for Q above it (Numerical Recipes' gammq), each where it converges fast.
 */
export const upperIncompleteGamma = (a: number, x: number): number => {
  if (x <= 0) return 1
  if (!Number.isFinite(x)) return 0
  const front = Math.exp(-x + a * Math.log(x) - logGamma(a))
  if (x < a + 1) {
    let term = 1 / a
    let sum = term
    for (let n = 1; n < MAX_ITERATIONS; n++) {
      term *= x / (a + n)
      sum += term
      if (Math.abs(term) < Math.abs(sum) * EPS) break
    }
    return Math.max(0, 1 - sum * front)
  }
  const tiny = 1e-300
  let b = x + 1 - a
  let c = 1 / tiny
  let d = 1 / b
  let h = d
  for (let i = 1; i < MAX_ITERATIONS; i++) {
    const an = -i * (i - a)
    b += 2
    d = an * d + b
    if (Math.abs(d) < tiny) d = tiny
    c = b + an / c
    if (Math.abs(c) < tiny) c = tiny
    d = 1 / d
    const delta = d * c
    h *= delta
    if (Math.abs(delta - 1) < EPS) break
  }
  return Math.min(1, h * front)
}

/** P(χ²_k ≥ x): the chi-square survival function with k degrees of freedom. */
export const chiSquareSurvival = (x: number, degreesOfFreedom: number): number =>
  upperIncompleteGamma(degreesOfFreedom / 2, x / 2)

/**
 * Sample-ratio mismatch: Pearson's chi-square goodness of fit of the arms' visitor counts to the
 * planned weights, k − 1 degrees of freedom. At p < 0.001 (the threshold the experiment platforms use)
 * the split itself is broken — a redirect dropping one arm's visitors, a bot, a cache — and no lift
 * figure can be trusted. No counts yet is no mismatch.
 */
export const sampleRatioMismatch = (
  counts: readonly number[],
  planned: readonly number[],
  threshold = SRM_THRESHOLD,
): { pValue: number; mismatch: boolean } => {
  if (counts.length !== planned.length || counts.length < 2)
    throw new Error('sampleRatioMismatch: one planned weight per arm, two arms at least')
  const total = counts.reduce((s, c) => s + c, 0)
  const weights = planned.reduce((s, w) => s + w, 0)
  if (total <= 0 || weights <= 0) return { pValue: 1, mismatch: false }
  let chi2 = 0
  for (let i = 0; i < counts.length; i++) {
    const expected = (total * planned[i]!) / weights
    if (expected <= 0) {
      if (counts[i]! > 0) return { pValue: 0, mismatch: true }
      continue
    }
    chi2 += (counts[i]! - expected) ** 2 / expected
  }
  const pValue = chiSquareSurvival(chi2, counts.length - 1)
  return { pValue, mismatch: pValue < threshold }
}

export type VerdictArm = ArmCounts & {
  readonly id: string
  /** The planned share of traffic, in any unit (50 and 50, or 1 and 1). */
  readonly weight: number
}

/** What the UI turns into words. `confidence` is (1 − α) in percent. */
export type Verdict =
  | { readonly kind: 'splitBroken' }
  | { readonly kind: 'notEnoughData' }
  | { readonly kind: 'better' | 'worse'; readonly variant: string; readonly confidence: number }
  | { readonly kind: 'noDifferenceYet' }

/**
 * The plain-language verdict: a broken split first (nothing else holds then); then too little data;
 * then a variant better than the control (the one with the highest lower end), else one worse (the
 * lowest upper end), else no difference yet. `arms[0]` is the control. With several variants α is
 * split between them (Bonferroni), so the 5 % holds for the experiment, not per variant.
 */
export const verdict = (
  arms: readonly VerdictArm[],
  options: { alpha?: number; rho?: number; srmThreshold?: number } = {},
): Verdict => {
  const [control, ...variants] = arms
  if (!control || variants.length === 0) throw new Error('verdict: a control and one variant at least')
  if (
    sampleRatioMismatch(
      arms.map((a) => a.visitors),
      arms.map((a) => a.weight),
      options.srmThreshold ?? SRM_THRESHOLD,
    ).mismatch
  )
    return { kind: 'splitBroken' }
  if (!arms.every(enoughData)) return { kind: 'notEnoughData' }
  const alpha = options.alpha ?? DEFAULT_ALPHA
  const perVariant = alpha / variants.length
  const rho = options.rho ?? rhoFor(DEFAULT_PLANNED_VISITORS_PER_ARM, alpha)
  const results = variants.map((v) => ({
    id: v.id,
    cs: confidenceSequence(control, v, { alpha: perVariant, rho }),
  }))
  const confidence = Math.round((1 - alpha) * 100)
  const better = results.filter((r) => r.cs.decided === 'better').sort((a, b) => b.cs.lower - a.cs.lower)[0]
  if (better) return { kind: 'better', variant: better.id, confidence }
  const worse = results.filter((r) => r.cs.decided === 'worse').sort((a, b) => a.cs.upper - b.cs.upper)[0]
  if (worse) return { kind: 'worse', variant: worse.id, confidence }
  return { kind: 'noDifferenceYet' }
}
