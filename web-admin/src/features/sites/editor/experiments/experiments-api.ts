import { toCamel } from '@swipe/shared'
import type { Contract, RouteInput, RouteOutput } from '@swipe/shared/contract'
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { ApiError, call } from '../../../../lib/api.ts'
import { siteKeys } from '../../api.ts'
import { historyKeys } from '../history/history-api.ts'

/**
 * A/B tests of a site (issue 34; docs/decisions/0069-experiments-at-the-edge.md): the live version
 * (arm A, the control) against one to three other versions of the history, each shown to a share of
 * the visitors, until the test is stopped or an arm is promoted to the live page. A test variant is
 * the saved draft rendered as a version that does not go live (`useSaveVariant`).
 */

export type ExperimentView = RouteOutput<Contract['sites.experiments']>['items'][number]
export type ExperimentDetail = RouteOutput<Contract['sites.experimentGet']>
export type ArmResult = ExperimentView['arms'][number]
export type ExperimentCreateBody = RouteInput<Contract['sites.experimentCreate']>['body']
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

/** Every write changes the list; a stop or promotion also the history (and a promotion the site). */
const useExperimentWrite = <V, R>(siteId: string, write: (variables: V) => Promise<R>) => {
  const client = useQueryClient()
  return useMutation({
    mutationFn: write,
    onSettled: () => client.invalidateQueries({ queryKey: experimentKeys.site(siteId) }),
  })
}

export const useCreateExperiment = (siteId: string) =>
  useExperimentWrite(siteId, (body: ExperimentCreateBody) =>
    call('sites.experimentCreate', { params: { id: siteId }, body }),
  )

export const useStopExperiment = (siteId: string) =>
  useExperimentWrite(siteId, (experimentId: string) =>
    call('sites.experimentStop', { params: { id: siteId, experimentId } }),
  )

/**
 * Makes `arm` the live page on the editor's site `version` (409 when another change was saved
 * since); answers the site's new version. The history and the site list are read again.
 */
export const usePromoteArm = (siteId: string) => {
  const client = useQueryClient()
  return useExperimentWrite(
    siteId,
    async ({ experimentId, arm, version }: { experimentId: string; arm: number; version: number }) => {
      const answer = await call('sites.experimentPromote', {
        params: { id: siteId, experimentId },
        body: { version, arm },
      })
      void client.invalidateQueries({ queryKey: historyKeys.site(siteId) })
      void client.invalidateQueries({ queryKey: siteKeys.lists() })
      return answer
    },
  )
}

/** Renders the saved draft at `version` as a test variant: a new version of the history, not live. */
export const useSaveVariant = (siteId: string) => {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (version: number) => call('sites.variantSave', { params: { id: siteId }, body: { version } }),
    onSuccess: () => client.invalidateQueries({ queryKey: historyKeys.site(siteId) }),
  })
}

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

/** Where a server field error belongs in the create form: a form field, or the arms as a whole. */
export type FieldTarget = { field: (string | number)[] } | { arms: true } | null

/**
 * The create form's field for a 400 detail's path (`body.arms.2.version_id`, `body.goal.cell`):
 * arms after the control are the form's variants (arm 1 is variant 0).
 */
export const fieldOfPath = (path: string): FieldTarget => {
  const segments = path
    .split('.')
    .filter((segment) => segment !== '')
    .map((segment) => (/^\d+$/.test(segment) ? Number(segment) : toCamel(segment)))
  if (segments[0] === 'body') segments.shift()
  const [head, second, third] = segments
  switch (head) {
    case 'name':
    case 'startAt':
    case 'endAt':
    case 'minDays':
    case 'autoPromote':
      return { field: [head] }
    case 'goal':
      if (second === 'cell' || second === 'seconds') return { field: [second] }
      return { field: ['goalType'] }
    case 'arms':
      if (typeof second !== 'number') return { arms: true }
      if (second === 0) return third === 'weight' ? { field: ['controlWeight'] } : { arms: true }
      return { field: ['variants', second - 1, third === 'weight' ? 'weight' : 'versionId'] }
    default:
      return null
  }
}

/** The 400 details of an API error (none for any other error). */
export const detailsOf = (error: unknown) => (error instanceof ApiError ? error.details : [])
