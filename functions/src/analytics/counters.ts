import type { AnalyticsEvent } from '@swipe/shared'
import { isInGrid, parseCell, siteGrid } from '@swipe/shared/site/cells'
import type { SiteRow as Site } from '#data/sites'
import { dwellBucket, type StatMetric, type SwipeDirection, statField } from '#data/stat-metrics'

/**
 * What analytics events count (docs/data-model.md "Analytics counters"), as pure functions: each
 * event's counters and a request's sums (the day an instant counts for is `jstDay`, shared).
 */

/** A counter: `metric#lang#position`, position a cell or `*` for the language's whole page. */
export const counterKey = (metric: string, lang: string, position: string) => `${metric}#${lang}#${position}`

/**
 * The direction of a move on the grid: one row up or down, one column left or right (the swipes a
 * visitor makes); anything else (a menu or link jump, a wrap) is `j`.
 */
export const directionOf = (from: string, to: string): SwipeDirection => {
  const a = parseCell(from)
  const b = parseCell(to)
  if (!a || !b) return 'j'
  const rows = b.row - a.row
  const columns = b.column - a.column
  if (columns === 0 && rows === 1) return 'd'
  if (columns === 0 && rows === -1) return 'u'
  if (rows === 0 && columns === 1) return 'r'
  if (rows === 0 && columns === -1) return 'l'
  return 'j'
}

/**
 * What one event counts, at its creative (the `*` roll-up of each is added by `countersOf`):
 * view → `view`; swipe → `swipeOut` at `from` and `swipeIn` at `to`; click → `click.<target>`;
 * product (a product card opened) → `product`; cta (a popup CTA shown) → `cta.<index>`;
 * dwell → `dwell` (+1), `dwellMs` (+ the clamped duration) and its histogram bucket `dwb.<n>`.
 * A swipe also counts its direction `dir.<d>` at `from`, and `arrive` at `to` when the visit
 * reaches `to` for the first time.
 */
export const incrementsOf = (
  event: AnalyticsEvent,
): Array<[metric: StatMetric, position: string, amount: number]> => {
  switch (event.event) {
    case 'view':
      return [['view', event.position, 1]]
    case 'swipe':
      return [
        ['swipeOut', event.from, 1],
        ['swipeIn', event.to, 1],
        [`dir.${directionOf(event.from, event.to)}`, event.from, 1],
        ...(event.first ? [['arrive', event.to, 1] as [StatMetric, string, number]] : []),
      ]
    case 'click':
      return [[`click.${event.target}` as const, event.position, 1]]
    case 'product':
      return [['product', event.position, 1]]
    case 'cta':
      return [[`cta.${event.cta}` as StatMetric, event.position, 1]]
    case 'dwell':
      return [
        ['dwell', event.position, 1],
        ['dwellMs', event.position, event.durationMs],
        [`dwb.${dwellBucket(event.durationMs)}` as StatMetric, event.position, 1],
      ]
    case 'vitals':
      // Web Vitals are histograms of their own (./vitals.ts), not per-cell counters.
      return []
  }
}

/** The cells an event names (each must lie in the site's grid). */
const cellsOf = (event: AnalyticsEvent): string[] =>
  event.event === 'swipe' ? [event.from, event.to] : [event.position]

/** Whether a valid event counts for this site: published, one of its languages, cells in its grid. */
export const counts = (site: Site | undefined, event: AnalyticsEvent): site is Site =>
  site?.status === 'PUBLISH' &&
  site.languages.includes(event.lang) &&
  cellsOf(event).every((cell) => isInGrid(cell, siteGrid(site)))

/** A request's events summed per counter (with the `*` roll-ups): one `ADD` per counter, not per event. */
export const countersOf = (events: readonly AnalyticsEvent[]): Map<string, number> => {
  const totals = new Map<string, number>()
  const add = (key: string, amount: number) => totals.set(key, (totals.get(key) ?? 0) + amount)
  for (const event of events)
    for (const [metric, position, amount] of incrementsOf(event)) {
      add(counterKey(metric, event.lang, position), amount)
      add(counterKey(metric, event.lang, '*'), amount)
    }
  return totals
}

/** One write of a request: every increment of one cell (or a language's `*`) of one site. */
export interface CellWrite {
  lang: AnalyticsEvent['lang']
  position: string
  /** Amount per item attribute (`statField` of the metric), for one `ADD` of them all. */
  adds: Record<string, number>
}

/**
 * A request's events (of one site) grouped into its writes: one per distinct cell and language,
 * plus the `*` of each language, each carrying the sum of every metric of that cell. The same
 * counts as `countersOf`, in at most one write per item.
 */
export const cellWritesOf = (events: readonly AnalyticsEvent[]): CellWrite[] => {
  const writes = new Map<string, CellWrite>()
  const add = (lang: AnalyticsEvent['lang'], position: string, metric: StatMetric, amount: number) => {
    const key = `${lang}#${position}`
    const write = writes.get(key) ?? { lang, position, adds: {} }
    writes.set(key, write)
    const field = statField(metric)
    write.adds[field] = (write.adds[field] ?? 0) + amount
  }
  for (const event of events)
    for (const [metric, position, amount] of incrementsOf(event)) {
      add(event.lang, position, metric, amount)
      add(event.lang, '*', metric, amount)
    }
  return [...writes.values()]
}
