/**
 * Experiments on a site (issue 34 "Experiments that tell the truth"), merged into `sitesRoutes`
 * (./sites.ts). Head in ./routes.ts. A variant is a version (./versions.ts): the live version is the
 * control, and a test variant is the saved draft rendered into a release without going live
 * (`sites.variantSave`). The edge picks a variant per visitor (a first-party random key), the
 * statistics are shared/src/experiments/stats.ts, and promoting a variant moves the live pointer.
 * docs/decisions/0069-experiments-at-the-edge.md.
 */
import * as z from 'zod'
import {
  EXPERIMENT_END_REASONS,
  EXPERIMENT_GOALS,
  EXPERIMENT_LIMITS,
  EXPERIMENT_STATES,
  VARIANT_KINDS,
} from '../experiments/model.ts'
import { lazySchema } from '../lazy-schema.ts'
import { cellSchema } from '../schemas/visitor.ts'
import { IdParams, ServerMessage } from './common.ts'
import type { RouteIo } from './define.ts'
import { SiteVersionView, VersionLockBody } from './versions.ts'

export const VERDICT_KINDS = ['splitBroken', 'notEnoughData', 'better', 'worse', 'noDifferenceYet'] as const

export const ExperimentGoalSchema = /* @__PURE__ */ lazySchema(() =>
  z
    .object({
      type: z.enum(EXPERIMENT_GOALS),
      /** `reach`: the cell a visit must reach (`B2`). */
      cell: cellSchema.nullish(),
      /** `dwell`: seconds on one creative that count as engaged. */
      seconds: z
        .number()
        .int()
        .min(1, { error: 'validation.invalid' })
        .max(EXPERIMENT_LIMITS.maxDwellSeconds, { error: 'validation.invalid' })
        .nullish(),
    })
    .check((ctx) => {
      const goal = ctx.value
      if (goal.type === 'reach' && !goal.cell)
        ctx.issues.push({ code: 'custom', message: 'validation.required', path: ['cell'], input: goal.cell })
      if (goal.type === 'dwell' && !goal.seconds)
        ctx.issues.push({
          code: 'custom',
          message: 'validation.required',
          path: ['seconds'],
          input: goal.seconds,
        })
    }),
)

/** The change against the control, derived from the versions' content. */
export const ArmResultSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    /** 0 is the control; the label is A, B, C, D in this order. */
    index: z.number().int().nonnegative(),
    label: z.string(),
    versionId: z.string(),
    /** Percent of visitors. */
    weight: z.number().int(),
    kind: z.enum(VARIANT_KINDS),
    /** Cells that differ from the control (`JP:A1`), at most 20. */
    cells: z.array(z.string()),
    visitors: z.number().int().nonnegative(),
    conversions: z.number().int().nonnegative(),
    /** conversions / visitors; null without visitors. */
    rate: z.number().nullable(),
    /**
     * Against the control (null for the control and while the data are too few): the difference of
     * the rates and its always-valid 95 % interval (absolute, 0.012 = 1.2 points), and relative to
     * the control's rate (null while the control has none).
     */
    lift: z
      .object({
        absolute: z.number(),
        lower: z.number(),
        upper: z.number(),
        relative: z.number().nullable(),
      })
      .nullable(),
  }),
)

export const VerdictSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    kind: z.enum(VERDICT_KINDS),
    /** `better`/`worse`: the variant's index. */
    arm: z.number().int().nullable(),
    /** `better`/`worse`: the confidence, in percent. */
    confidence: z.number().nullable(),
    /** The sentence the report shows, in the caller's language. */
    text: z.string(),
  }),
)

export const ExperimentViewSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    state: z.enum(EXPERIMENT_STATES),
    goal: ExperimentGoalSchema,
    arms: z.array(ArmResultSchema),
    /** ISO 8601: planned start (null: at creation) and end (null: until stopped or promoted). */
    startAt: z.string().nullable(),
    endAt: z.string().nullable(),
    startedAt: z.string().nullable(),
    endedAt: z.string().nullable(),
    endReason: z.enum(EXPERIMENT_END_REASONS).nullable(),
    /** The failure's reason in the caller's language (`endReason` failed). */
    error: z.string().nullable(),
    /** The promoted arm's index (ENDED by promotion). */
    winner: z.number().int().nullable(),
    autoPromote: z.boolean(),
    /** Automatic promotion waits at least this many days after the start. */
    minDays: z.number().int(),
    verdict: VerdictSchema,
    /** The sample-ratio check: the p-value of the split against the weights, and whether it is broken. */
    split: z.object({ pValue: z.number().nullable(), broken: z.boolean() }),
    createdBy: z.string().nullable(),
    createdAt: z.string(),
  }),
)
export type ExperimentView = z.output<typeof ExperimentViewSchema>

/** One day of a running experiment: each arm's cumulative counts and its interval on that day. */
export const ExperimentDaySchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    /** JST day, YYYY-MM-DD. */
    day: z.string(),
    arms: z.array(
      z.object({
        visitors: z.number().int(),
        conversions: z.number().int(),
        lower: z.number().nullable(),
        upper: z.number().nullable(),
      }),
    ),
  }),
)

export const ExperimentDetailSchema = /* @__PURE__ */ lazySchema(() =>
  ExperimentViewSchema.extend({ series: z.array(ExperimentDaySchema) }),
)

export const ExperimentParams = /* @__PURE__ */ lazySchema(() =>
  IdParams.extend({ experimentId: z.string().min(1).max(64) }),
)

const isoInstant = /* @__PURE__ */ lazySchema(() =>
  z.iso.datetime({ offset: true, error: 'validation.datetime' }).nullish(),
)

export const ExperimentCreateBody = /* @__PURE__ */ lazySchema(() =>
  z.object({
    name: z.string().trim().min(1, { error: 'validation.required' }).max(EXPERIMENT_LIMITS.nameMax, {
      error: 'validation.tooLong',
    }),
    /** The control (the live version) first, then one to three variants; weights in percent, summing to 100. */
    arms: z
      .array(
        z.object({
          versionId: z.string().min(1).max(64),
          weight: z
            .number()
            .int()
            .min(1, { error: 'validation.invalid' })
            .max(99, { error: 'validation.invalid' }),
        }),
      )
      .min(2, { error: 'experiment.armsCount' })
      .max(EXPERIMENT_LIMITS.maxArms, { error: 'experiment.armsCount' }),
    goal: ExperimentGoalSchema,
    startAt: isoInstant,
    endAt: isoInstant,
    autoPromote: z.boolean().default(false),
    minDays: z
      .number()
      .int()
      .min(1, { error: 'validation.invalid' })
      .max(EXPERIMENT_LIMITS.maxMinDays, { error: 'validation.invalid' })
      .default(EXPERIMENT_LIMITS.defaultMinDays),
  }),
)

export const experimentRoutesIo = {
  'sites.experiments': () => ({
    summary: "A site's experiments, newest first, each with its arms' counts and the verdict.",
    summaryJa: 'サイトのA/Bテスト一覧（新しい順）。各パターンの集計と判定を含みます。',
    params: IdParams,
    response: z.object({ items: z.array(ExperimentViewSchema) }),
  }),
  'sites.experimentCreate': () => ({
    summary:
      'Creates an experiment between the live version (first) and up to three variant versions: starts now, or at `startAt`. One experiment runs per site.',
    summaryJa:
      '公開中の版（先頭）と最大3つのテスト案の版でA/Bテストを作成します。すぐ、または startAt に開始します。1サイトで同時に実行できるテストは1つです。',
    params: IdParams,
    body: ExperimentCreateBody,
    response: ExperimentViewSchema.extend(ServerMessage.shape),
    status: 201,
  }),
  'sites.experimentGet': () => ({
    summary: 'One experiment with its daily series (cumulative counts and the interval per day).',
    summaryJa: 'A/Bテスト1件と日ごとの推移（累計と区間）。',
    params: ExperimentParams,
    response: ExperimentDetailSchema,
  }),
  'sites.experimentStop': () => ({
    summary: 'Stops an experiment (or cancels a scheduled one): every visitor sees the live version again.',
    summaryJa: 'A/Bテストを終了（予約中なら取り消し）します。すべての訪問者に公開中の版が表示されます。',
    params: ExperimentParams,
    response: ExperimentViewSchema.extend(ServerMessage.shape),
  }),
  'sites.experimentPromote': () => ({
    summary:
      "Makes an arm the live page by moving the live pointer (no render, no media copy) and ends the experiment; `version` is the editor's site version.",
    summaryJa:
      'パターンを公開中のページにし（再レンダリング・メディアコピーなし）、テストを終了します。version は編集中のサイトの版です。',
    params: ExperimentParams,
    body: VersionLockBody.extend({ arm: z.number().int().nonnegative() }),
    response: ExperimentViewSchema.extend(ServerMessage.shape).extend({ version: z.number().int() }),
  }),
  'sites.experimentCsv': () => ({
    summary:
      "One experiment's daily series as CSV: per day and arm the cumulative visitors and conversions, the rate and the variant's 95 % interval (UTF-8 BOM, formula cells neutralised).",
    summaryJa:
      'A/Bテスト1件の日ごとの推移のCSV：日付・パターンごとの累計訪問者数とコンバージョン数、率、テスト案の95%区間（UTF-8 BOM付き、数式セルは無害化）。',
    params: ExperimentParams,
    responseType: 'csv',
  }),
  'sites.variantSave': () => ({
    summary:
      'Renders the saved draft (at `version`) as a test variant: a version in the history that is not live, for an experiment.',
    summaryJa:
      '保存済みの下書き（version）をテスト案として書き出します。公開はされず、履歴に版として残ります。',
    params: IdParams,
    body: VersionLockBody,
    response: SiteVersionView.extend(ServerMessage.shape),
    status: 201,
  }),
} satisfies Record<string, () => RouteIo>
