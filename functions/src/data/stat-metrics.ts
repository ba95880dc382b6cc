import type { CLICK_TARGETS } from '@swipe/shared'

/** The beacon's click targets (shared `CLICK_TARGETS`; a type-only import keeps zod out of bundles). */
const TARGETS = ['link', 'product', 'sns', 'cta'] as const satisfies typeof CLICK_TARGETS

/** Swipe directions counted at the creative left: up, down, left, right, and a jump (menu, link). */
export const SWIPE_DIRECTIONS = ['u', 'd', 'l', 'r', 'j'] as const
export type SwipeDirection = (typeof SWIPE_DIRECTIONS)[number]

/**
 * Upper bounds (exclusive, ms) of the dwell histogram's buckets; the last bucket is open. The
 * reports' median dwell is read from it (docs/decisions/0033-swipe-analytics-reports.md).
 */
export const DWELL_BUCKETS_MS = [1_000, 2_000, 3_000, 5_000, 10_000, 20_000, 30_000, 60_000, 120_000] as const
/** The bucket of a dwell: 0 … `DWELL_BUCKETS_MS.length`. */
export const dwellBucket = (ms: number) => {
  const index = DWELL_BUCKETS_MS.findIndex((bound) => ms < bound)
  return index === -1 ? DWELL_BUCKETS_MS.length : index
}

/** What a conversion is: a contact or homepage-form submission, or a member sign-up. */
export const CONVERSION_KINDS = ['contact', 'form', 'member'] as const
export type ConversionKind = (typeof CONVERSION_KINDS)[number]

/**
 * Every metric an analytics event adds to (docs/data-model.md "Analytics counters"): `click.<target>`
 * per link kind, `cta.<index>` per popup CTA (0–19, as the beacon schema allows), `dir.<d>` swipes
 * leaving a creative by direction, `arrive` first arrivals by swipe in a visit, `dwb.<n>` the dwell
 * histogram, `visitor` unique visitors of the day (on `*` only), `conv.<kind>` conversions.
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
  ...SWIPE_DIRECTIONS.map((direction) => `dir.${direction}` as const),
  'arrive',
  ...Array.from({ length: DWELL_BUCKETS_MS.length + 1 }, (_, index) => `dwb.${index}` as const),
  'visitor',
  ...CONVERSION_KINDS.map((kind) => `conv.${kind}` as const),
] as const
export type StatMetric = (typeof STAT_METRICS)[number]

/** The item attribute of a metric: its name with `_` for `.` (`click.link` → `click_link`). */
export const statField = (metric: StatMetric) => metric.replace('.', '_') as StatField
export type StatField = StatMetric extends infer M
  ? M extends `${infer A}.${infer B}`
    ? `${A}_${B}`
    : M
  : never
