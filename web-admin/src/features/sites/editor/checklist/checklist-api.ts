import type { Contract, RouteOutput } from '@swipe/shared/contract'
import { queryOptions } from '@tanstack/react-query'
import type { ApiErrorDetail } from '../../../../lib/api.ts'
import { call } from '../../../../lib/api.ts'

/**
 * The pre-publish checklist (issue 33 part 4; docs/decisions/0067-checklist-and-approvals.md): the
 * server runs it on the saved draft, before every publish and approval; blocking items refuse the
 * publish, warnings are shown.
 */

export type Checklist = RouteOutput<Contract['sites.checklist']>
export type ChecklistItem = Checklist['items'][number]

export const checklistKeys = {
  site: (siteId: string) => ['siteChecklist', siteId] as const,
  /** The checklist of the saved draft at `version`: a save gives it a new version, and it runs again. */
  version: (siteId: string, version: number) => [...checklistKeys.site(siteId), version] as const,
}

/**
 * The checklist of the saved draft at `version`. Kept only for a few seconds (the publish that
 * fetched it opens the dialog showing it): an external link may answer now and not then, a comment
 * may be resolved in the preview meanwhile.
 */
export const checklistQuery = (siteId: string, version: number) =>
  queryOptions({
    queryKey: checklistKeys.version(siteId, version),
    queryFn: ({ signal }) => call('sites.checklist', { params: { id: siteId } }, { signal }),
    staleTime: 5_000,
  })

/** The details of a refused publish or approval that name checklist items (`checklist.<rule>`). */
export const checklistRefusals = (details: readonly ApiErrorDetail[]): ApiErrorDetail[] =>
  details.filter((detail) => detail.code.startsWith('checklist.'))
