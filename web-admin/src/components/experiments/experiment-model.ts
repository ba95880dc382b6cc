import type { Contract, RouteOutput } from '@swipe/shared/contract'
import { queryOptions } from '@tanstack/react-query'
import { call } from '../../lib/api.ts'

/**
 * A site's A/B tests as the console reads and shows them (issue 34;
 * docs/decisions/0069-experiments-at-the-edge.md): the editor's 「A/Bテスト」 drawer and the analytics
 * screen's read-only section both draw them with ./ExperimentCard.tsx and ./ExperimentChart.tsx.
 */

export type ExperimentView = RouteOutput<Contract['sites.experiments']>['items'][number]
export type ExperimentDetail = RouteOutput<Contract['sites.experimentGet']>
export type ArmResult = ExperimentView['arms'][number]
export type ExperimentGoal = ExperimentView['goal']

export const experimentKeys = {
  site: (siteId: string) => ['siteExperiments', siteId] as const,
  list: (siteId: string) => [...experimentKeys.site(siteId), 'list'] as const,
  detail: (siteId: string, experimentId: string) =>
    [...experimentKeys.site(siteId), 'detail', experimentId] as const,
}

/** The site's experiments, newest first (the server's order). */
export const experimentsQuery = (siteId: string) =>
  queryOptions({
    queryKey: experimentKeys.list(siteId),
    queryFn: ({ signal }) => call('sites.experiments', { params: { id: siteId } }, { signal }),
  })

/** One experiment with its daily series. */
export const experimentQuery = (siteId: string, experimentId: string) =>
  queryOptions({
    queryKey: experimentKeys.detail(siteId, experimentId),
    queryFn: ({ signal }) =>
      call('sites.experimentGet', { params: { id: siteId, experimentId } }, { signal }),
  })

/** A test is open (scheduled or running): it can be stopped; only one is open per site. */
export const isOpen = (experiment: Pick<ExperimentView, 'state'>): boolean => experiment.state !== 'ENDED'

/**
 * An arm can be made the live page while the test runs, or after it was stopped by hand or by its
 * end time (not before it starts, after a promotion, or when it failed to start). The control is
 * what is live already: ending the test keeps it (終了).
 */
export const canPromote = (experiment: ExperimentView, arm: ArmResult): boolean =>
  arm.index > 0 &&
  (experiment.state === 'RUNNING' ||
    (experiment.state === 'ENDED' &&
      (experiment.endReason === 'stopped' || experiment.endReason === 'endTime')))

/** A signed number of points with one decimal: 0.012 → `+1.2`, −0.003 → `−0.3` (a real minus sign). */
export const signedPoints = (fraction: number): string => {
  const points = Math.round(fraction * 1000) / 10
  if (points === 0) return '0.0'
  return `${points > 0 ? '+' : '\u2212'}${Math.abs(points).toFixed(1)}`
}

/** A rate in percent with one decimal (`3.2%`), or null without visitors. */
export const percent = (rate: number | null): string | null =>
  rate === null ? null : `${(Math.round(rate * 1000) / 10).toFixed(1)}%`

/** A relative change in percent (`+12.5%`). */
export const signedPercent = (fraction: number): string => `${signedPoints(fraction)}%`
