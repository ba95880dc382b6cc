import type { MessageKey } from '@swipe/shared'
import type { ExperimentDetailSchema, ExperimentView } from '@swipe/shared/contract/experiments'
import { armLabel } from '@swipe/shared/experiments/model'
import {
  confidenceSequence,
  DEFAULT_ALPHA,
  DEFAULT_PLANNED_VISITORS_PER_ARM,
  rhoFor,
  sampleRatioMismatch,
  verdict,
} from '@swipe/shared/experiments/stats'
import type * as z from 'zod'
import { type Experiment, type ExperimentCount, ExperimentCounts } from '#data/experiments'

/**
 * An experiment's results (issue 34; docs/decisions/0069-experiments-at-the-edge.md): its daily
 * counts added up per arm, each variant's always-valid interval against the control and the
 * verdict ([0068](docs/decisions/0068-experiment-statistics.md)'s statistics), as the editor's
 * drawer, the analytics screen, the CSV and the monthly PDF show them.
 */

type Translate = (key: MessageKey, params?: Record<string, string | number>) => string
type Detail = z.output<typeof ExperimentDetailSchema>

const iso = (ms: number | undefined) => (ms === undefined ? null : new Date(ms).toISOString())

/** Every day's counts of an experiment (one query: days × arms items). */
export const countsOf = async (experimentId: string): Promise<ExperimentCount[]> =>
  (await ExperimentCounts.query.byDay({ experimentId }).go({ pages: 'all' })).data

/** The arms' totals. */
export const totals = (experiment: Experiment, counts: readonly ExperimentCount[]) =>
  experiment.arms.map((_, index) =>
    counts
      .filter((c) => c.arm === index)
      .reduce(
        (sum, c) => ({
          visitors: sum.visitors + (c.visitors ?? 0),
          conversions: sum.conversions + (c.conversions ?? 0),
        }),
        {
          visitors: 0,
          conversions: 0,
        },
      ),
  )

/** α for each variant against the control (Bonferroni, as `verdict` splits it) and ρ of decision 0068. */
const sequenceOptions = (arms: number) => {
  const alpha = DEFAULT_ALPHA / Math.max(arms - 1, 1)
  return { alpha, rho: rhoFor(DEFAULT_PLANNED_VISITORS_PER_ARM, DEFAULT_ALPHA) }
}

const finite = (value: number) => (Number.isFinite(value) ? value : null)

/** The verdict of the arms' totals, and the sentence the report shows. */
const verdictOf = (
  experiment: Experiment,
  sums: readonly { visitors: number; conversions: number }[],
  t: Translate,
): ExperimentView['verdict'] => {
  const found = verdict(
    experiment.arms.map((arm, index) => ({ id: String(index), weight: arm.weight, ...sums[index]! })),
  )
  if (found.kind === 'better' || found.kind === 'worse') {
    const arm = Number(found.variant)
    return {
      kind: found.kind,
      arm,
      confidence: found.confidence,
      text: t(`experiment.verdict.${found.kind}`, {
        variant: armLabel(arm),
        control: armLabel(0),
        confidence: found.confidence,
      }),
    }
  }
  return { kind: found.kind, arm: null, confidence: null, text: t(`experiment.verdict.${found.kind}`) }
}

/** An experiment as the console shows it, with its counts and verdict. */
export const experimentView = (
  experiment: Experiment,
  counts: readonly ExperimentCount[],
  t: Translate,
): ExperimentView => {
  const sums = totals(experiment, counts)
  const options = sequenceOptions(experiment.arms.length)
  const split = sums.some((s) => s.visitors > 0)
    ? sampleRatioMismatch(
        sums.map((s) => s.visitors),
        experiment.arms.map((a) => a.weight),
      )
    : undefined
  return {
    id: experiment.experimentId,
    name: experiment.name,
    state: experiment.state,
    goal: {
      type: experiment.goalType,
      cell: experiment.goalCell ?? null,
      seconds: experiment.goalSeconds ?? null,
    },
    arms: experiment.arms.map((arm, index) => {
      const sum = sums[index]!
      const cs = index === 0 ? undefined : confidenceSequence(sums[0]!, sum, options)
      const decided = cs && Number.isFinite(cs.lower) && sums[0]!.visitors > 0 && sum.visitors > 0
      return {
        index,
        label: armLabel(index),
        versionId: arm.versionId,
        weight: arm.weight,
        kind: arm.kind,
        cells: arm.cells ?? [],
        visitors: sum.visitors,
        conversions: sum.conversions,
        rate: sum.visitors > 0 ? sum.conversions / sum.visitors : null,
        lift: decided
          ? { absolute: cs.lift, lower: cs.lower, upper: cs.upper, relative: cs.relativeLift }
          : null,
      }
    }),
    startAt: iso(experiment.startAt),
    endAt: iso(experiment.endAt),
    startedAt: iso(experiment.startedAt),
    endedAt: iso(experiment.endedAt),
    endReason: experiment.endReason ?? null,
    error: experiment.error ? t(experiment.error as MessageKey) : null,
    winner: experiment.winner ?? null,
    autoPromote: experiment.autoPromote,
    minDays: experiment.minDays,
    verdict: verdictOf(experiment, sums, t),
    split: { pValue: split ? split.pValue : null, broken: split?.mismatch ?? false },
    createdBy: experiment.byName ?? null,
    createdAt: new Date(experiment.createdAt).toISOString(),
  }
}

/** The view and the daily series: each arm's cumulative counts and its interval at the end of each day. */
export const experimentDetail = (
  experiment: Experiment,
  counts: readonly ExperimentCount[],
  t: Translate,
): Detail => {
  const days = [...new Set(counts.map((c) => c.day))].sort()
  const options = sequenceOptions(experiment.arms.length)
  const running = experiment.arms.map(() => ({ visitors: 0, conversions: 0 }))
  const series = days.map((day) => {
    for (const c of counts.filter((item) => item.day === day)) {
      const arm = running[c.arm]
      if (!arm) continue
      arm.visitors += c.visitors ?? 0
      arm.conversions += c.conversions ?? 0
    }
    return {
      day,
      arms: running.map((arm, index) => {
        const cs = index === 0 ? undefined : confidenceSequence(running[0]!, arm, options)
        return {
          visitors: arm.visitors,
          conversions: arm.conversions,
          lower: cs ? finite(cs.lower) : null,
          upper: cs ? finite(cs.upper) : null,
        }
      }),
    }
  })
  return { ...experimentView(experiment, counts, t), series }
}
