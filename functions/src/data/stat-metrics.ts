import type { CLICK_TARGETS } from '@swipe/shared'

/** The beacon's click targets (shared `CLICK_TARGETS`; a type-only import keeps zod out of bundles). */
const TARGETS = ['link', 'product', 'sns', 'cta'] as const satisfies typeof CLICK_TARGETS

/**
 * Every metric an analytics event adds to (docs/data-model.md "Analytics counters"): `click.<target>`
 * per link kind, `cta.<index>` per popup CTA (0–19, as the beacon schema allows).
 */
export const STAT_METRICS = [
  'view',
  'swipeOut',
  'swipeIn',
  ...TARGETS.map((target) => `click.${target}` as const),
  'product',
  ...Array.from({ length: 20 }, (_, index) => `cta.${index}` as const),
  'dwell',
  'dwellMs',
] as const
export type StatMetric = (typeof STAT_METRICS)[number]

/** The item attribute of a metric: its name with `_` for `.` (`click.link` → `click_link`). */
export const statField = (metric: StatMetric) => metric.replace('.', '_') as StatField
export type StatField = StatMetric extends infer M
  ? M extends `${infer A}.${infer B}`
    ? `${A}_${B}`
    : M
  : never
