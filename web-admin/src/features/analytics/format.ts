import type { TFunction } from 'i18next'

/** How the screen writes numbers: counts with separators, rates as percentages, dwell in seconds. */
export const count = (value: number) => value.toLocaleString('en-US')
export const percent = (fraction: number) => `${(fraction * 100).toFixed(1)}%`
export const seconds = (t: TFunction, ms: number) => t('analytics.seconds', { value: (ms / 1000).toFixed(1) })

/** A change as `+12.5%` / `−3.0%`; null when there was nothing before. */
export const changeText = (change: number | null) =>
  change === null ? null : `${change > 0 ? '+' : change < 0 ? '−' : '±'}${Math.abs(change * 100).toFixed(1)}%`
