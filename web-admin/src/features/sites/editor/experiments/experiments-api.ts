import { toCamel } from '@swipe/shared'
import type { Contract, RouteInput } from '@swipe/shared/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { experimentKeys } from '../../../../components/experiments/experiment-model.ts'
import { ApiError, call } from '../../../../lib/api.ts'
import { siteKeys } from '../../api.ts'
import { historyKeys } from '../history/history-api.ts'

/**
 * A/B tests of a site (issue 34; docs/decisions/0069-experiments-at-the-edge.md): the live version
 * (arm A, the control) against one to three other versions of the history, each shown to a share of
 * the visitors, until the test is stopped or an arm is promoted to the live page. A test variant is
 * the saved draft rendered as a version that does not go live (`useSaveVariant`).
 */

export * from '../../../../components/experiments/experiment-model.ts'

export type ExperimentCreateBody = RouteInput<Contract['sites.experimentCreate']>['body']

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
